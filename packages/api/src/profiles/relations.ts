import type { ProfileRelation } from '@ukd/contracts/api';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks, memberInteractions } from '../db/interactions-schema';
import { type Param, param, preparedStatement } from '../db/prepared-statement';
import { executedRows } from '../db/related-rows';

/** What `relationColumns` reads: the kinds of the viewer's interactions and whether they blocked. */
export interface RelationRow {
  kinds: string[] | null;
  blocked: boolean;
}

/**
 * The viewer's interactions with the member whose id is `target` and whether the viewer blocked
 * them, as the columns `kinds` and `blocked` of a statement (`relationFrom` reads them).
 */
export function relationColumns(viewer: Param<number>, target: SQL): SQL {
  return sql`
    array(select ${memberInteractions.kind} from ${memberInteractions}
          where ${memberInteractions.userId} = ${viewer} and ${memberInteractions.targetId} = ${target}) as kinds,
    exists (select 1 from ${blocks}
            where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${target}) as blocked`;
}

/** The ProfileRelation of `relationColumns`' row. */
export function relationFrom(row: RelationRow): ProfileRelation {
  const has = (k: string) => row.kinds?.includes(k) ?? false;
  return { liked: has('like'), favorited: has('favorite'), winked: has('wink'), blocked: row.blocked };
}

const relationStatement = preparedStatement(
  () => 'relation',
  () => sql`select ${relationColumns(param<number>('viewer'), sql`${param<number>('target')}::integer`)}`,
);

/** The viewer's likes, favourite, wink and block towards another member. */
export async function relationOf(db: Db, viewerId: number, targetId: number): Promise<ProfileRelation> {
  const [row] = executedRows<RelationRow>(
    await relationStatement(db, null, { viewer: viewerId, target: targetId }),
  );
  if (!row) throw new Error('the relation statement answered no row');
  return relationFrom(row);
}
