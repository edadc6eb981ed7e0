import type { ProfileRelation } from '@ukd/contracts/api';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks, memberInteractions } from '../db/interactions-schema';

/** The viewer's likes, favourite, wink and block towards another member. */
export async function relationOf(db: Db, viewerId: number, targetId: number): Promise<ProfileRelation> {
  const [kinds, blocked] = await Promise.all([
    db
      .select({ kind: memberInteractions.kind })
      .from(memberInteractions)
      .where(and(eq(memberInteractions.userId, viewerId), eq(memberInteractions.targetId, targetId))),
    db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, targetId))),
  ]);
  const has = (k: string) => kinds.some((row) => row.kind === k);
  return { liked: has('like'), favorited: has('favorite'), winked: has('wink'), blocked: blocked.length > 0 };
}
