import type { NotificationCreatedEvent } from '@ukd/contracts/api';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { memberInteractions, profileVisits } from '../db/interactions-schema';
import type { Param } from '../db/prepared-statement';
import { type UserRow, users } from '../db/schema';
import { messageCounters } from '../messaging/conversations';
import { notBlocked } from '../profiles/visibility';
import { type MemberCounters, NO_COUNTERS } from '../user-resource';

type OtherMember = typeof profileVisits.visitorId | typeof memberInteractions.userId;

/** The member in `col` still counts for `userId`: not deactivated, no block either way. */
const visibleOther = (userId: Param<number>, col: OtherMember) =>
  sql`exists (select 1 from ${users} o where o.id = ${col} and o.deactivated_at is null) and ${notBlocked(userId, col)}`;

/**
 * The `/me` counters from the interaction tables, counting only members the user can still see
 * (deactivated and blocked members drop out of the numbers as they do out of the lists).
 * Message counters are the ones the database keeps (`messageCounters`).
 */
export async function memberCounters(
  db: Db,
  user: Pick<UserRow, 'id' | 'visitorsSeenAt' | 'favoritesSeenAt'>,
): Promise<MemberCounters> {
  const epoch = new Date(0);
  const visitorsSeen = user.visitorsSeenAt ?? epoch;
  const favoritesSeen = user.favoritesSeenAt ?? epoch;
  const other = (col: OtherMember) => visibleOther(user.id, col);
  const [row] = await db
    .select({
      visits: sql<string>`(select coalesce(sum(${profileVisits.visits}), 0) from ${profileVisits} where ${profileVisits.visitedId} = ${user.id} and ${other(profileVisits.visitorId)})`,
      newVisitors: sql<string>`(select count(*) from ${profileVisits} where ${profileVisits.visitedId} = ${user.id} and ${profileVisits.lastVisitedAt} > ${visitorsSeen.toISOString()} and ${other(profileVisits.visitorId)})`,
      unreadFavorites: sql<string>`(select count(*) from ${memberInteractions} where ${memberInteractions.targetId} = ${user.id} and ${memberInteractions.kind} = 'favorite' and ${memberInteractions.createdAt} > ${favoritesSeen.toISOString()} and ${other(memberInteractions.userId)})`,
      winks: sql<string>`(select count(*) from ${memberInteractions} where ${memberInteractions.targetId} = ${user.id} and ${memberInteractions.kind} = 'wink' and ${other(memberInteractions.userId)})`,
    })
    .from(sql`(select 1) as one`);
  if (!row) return NO_COUNTERS;
  return {
    ...NO_COUNTERS,
    ...(await messageCounters(db, user.id)),
    visits_count: Number(row.visits),
    new_visitors_count: Number(row.newVisitors),
    unread_favorites_count: Number(row.unreadFavorites),
    received_wink_interactions_count: Number(row.winks),
  };
}

/** The badge counters a `notification.created` event carries. */
export type NotificationCounts = NotificationCreatedEvent['counts'];

/**
 * The member's badge counters as they stand now, counted exactly as `/me` counts them (columns
 * `unread_messages`, `new_visitors`, `unread_favorites`; one row): the database function
 * `notification_counts` (migration 0010), so the notification writer's insert and `send_message`
 * count alike. They are read with every notification: after every message, wink and visit.
 */
export function notificationCountsSql(member: Param<number>): SQL {
  return sql`select * from notification_counts(${member}::integer)`;
}

/** The columns of `notificationCountsSql`, as a driver answers them. */
export type NotificationCountColumns = Record<
  'unread_messages' | 'new_visitors' | 'unread_favorites',
  unknown
>;

export function notificationCountsOf(row: NotificationCountColumns | undefined): NotificationCounts {
  return {
    unread_messages_count: Number(row?.unread_messages ?? 0),
    new_visitors_count: Number(row?.new_visitors ?? 0),
    unread_favorites_count: Number(row?.unread_favorites ?? 0),
  };
}
