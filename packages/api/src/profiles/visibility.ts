import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../db/interactions-schema';
import type { Param } from '../db/prepared-statement';
import { users } from '../db/schema';

export interface Viewer {
  id: number;
  siteId: number;
}

/** Neither member has blocked the other. */
export function notBlocked(viewerId: Param<number>, other: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${other}) or (${blocks.blockerId} = ${other} and ${blocks.blockedId} = ${viewerId}))`;
}

/**
 * Members the viewer may see (in `users`): same site, not the viewer, not deactivated, and no
 * block either way. Every list and profile look-up goes through this one condition; a prepared
 * statement passes `param`s for the viewer.
 */
export function visibleTo(viewer: { id: Param<number>; siteId: Param<number> }): SQL {
  return and(
    eq(users.siteId, viewer.siteId),
    ne(users.id, viewer.id),
    isNull(users.deactivatedAt),
    notBlocked(viewer.id, users.id),
  ) as SQL;
}
