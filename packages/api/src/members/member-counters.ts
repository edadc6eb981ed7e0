import type { NotificationCreatedEvent } from '@ukd/contracts/api';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { memberInteractions, profileVisits, type UserRow, users } from '../db/schema';
import { messageCounters } from '../messaging/conversations';
import { notBlocked } from '../profiles/visibility';
import { type MemberCounters, NO_COUNTERS } from '../user-resource';

/**
 * The `/me` counters from the interaction tables, counting only members the user can still see
 * (deactivated and blocked members drop out of the numbers as they do out of the lists).
 * Message counters come from the messages table (`messageCounters`).
 */
export async function memberCounters(
  db: Db,
  user: Pick<UserRow, 'id' | 'visitorsSeenAt' | 'favoritesSeenAt'>,
): Promise<MemberCounters> {
  const epoch = new Date(0);
  const visitorsSeen = user.visitorsSeenAt ?? epoch;
  const favoritesSeen = user.favoritesSeenAt ?? epoch;
  const other = (col: typeof profileVisits.visitorId | typeof memberInteractions.userId) =>
    sql`exists (select 1 from ${users} o where o.id = ${col} and o.deactivated_at is null) and ${notBlocked(user.id, col)}`;
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
 * The recipient's badge counters as they stand now, counted exactly as `/me` counts them, so the
 * client can set its badges from the event instead of adding one.
 */
export async function notificationCounts(db: Db, userId: number): Promise<NotificationCounts> {
  const [user] = await db
    .select({ visitorsSeenAt: users.visitorsSeenAt, favoritesSeenAt: users.favoritesSeenAt })
    .from(users)
    .where(eq(users.id, userId));
  const counters = await memberCounters(db, {
    id: userId,
    visitorsSeenAt: user?.visitorsSeenAt ?? null,
    favoritesSeenAt: user?.favoritesSeenAt ?? null,
  });
  return {
    unread_messages_count: counters.unread_messages_count,
    new_visitors_count: counters.new_visitors_count,
    unread_favorites_count: counters.unread_favorites_count,
  };
}
