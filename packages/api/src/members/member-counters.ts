import type { NotificationCreatedEvent } from '@ukd/contracts/api';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { memberInteractions, profileVisits } from '../db/interactions-schema';
import { memberMessageCounts } from '../db/messaging-schema';
import { type Param, param, preparedStatement } from '../db/prepared-statement';
import { executedRows } from '../db/related-rows';
import { notBlocked, notDeactivated } from '../profiles/visibility';
import { type MemberCounters, NO_COUNTERS } from '../user-resource';

type OtherMember = typeof profileVisits.visitorId | typeof memberInteractions.userId;

/** The member in `col` still counts for `userId`: not deactivated, no block either way. */
const visibleOther = (userId: Param<number>, col: OtherMember) =>
  sql`${notDeactivated(col)} and ${notBlocked(userId, col)}`;

const member = param<number>('member');
const countersStatement = preparedStatement(
  () => 'member_counters',
  () => sql`
    select counts.*,
      (select ${memberMessageCounts.received} from ${memberMessageCounts}
        where ${memberMessageCounts.memberId} = ${member}) as received,
      (select coalesce(sum(${profileVisits.visits}), 0) from ${profileVisits}
        where ${profileVisits.visitedId} = ${member} and ${visibleOther(member, profileVisits.visitorId)}) as visits,
      (select count(*) from ${memberInteractions}
        where ${memberInteractions.targetId} = ${member} and ${memberInteractions.kind} = 'wink'
          and ${visibleOther(member, memberInteractions.userId)}) as winks
    from (${notificationCountsSql(member)}) counts`,
);

/**
 * The `/me` counters, in one statement, counting only members the user can still see
 * (deactivated and blocked members drop out of the numbers as they do out of the lists). The
 * three badge counters are `notification_counts`' (the ones every notification carries); the
 * messages received are the database's kept counter.
 */
export async function memberCounters(db: Db, userId: number): Promise<MemberCounters> {
  const [row] = executedRows<NotificationCountColumns & Record<'received' | 'visits' | 'winks', unknown>>(
    await countersStatement(db, null, { member: userId }),
  );
  if (!row) return NO_COUNTERS;
  return {
    ...NO_COUNTERS,
    ...notificationCountsOf(row),
    received_messages_count: Number(row.received ?? 0),
    visits_count: Number(row.visits ?? 0),
    received_wink_interactions_count: Number(row.winks ?? 0),
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
