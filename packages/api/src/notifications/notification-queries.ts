import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type NotificationRow, userNotifications } from '../db/interactions-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { executedRows, maybeRowFromJson } from '../db/related-rows';
import { type UserRow, users } from '../db/schema';

const own = (userId: number, id: number) =>
  and(eq(userNotifications.id, id), eq(userNotifications.userId, userId));

/** Which filters and order a page of notifications has: each mix is a statement of its own. */
interface NotificationPageShape {
  after: boolean;
  unread: boolean | undefined;
  ascending: boolean;
}

/**
 * A page of a member's notifications and their total, in ONE statement prepared per shape: the
 * bell's list took two queries drizzle built on every request. The rows are read as a view of
 * the member's (`not materialized`), so the page reads its rows in the (user, id) index's order
 * and only the total counts them all.
 */
const notificationPageStatement = preparedStatement(
  (shape: NotificationPageShape) => `${shape.after}|${shape.unread}|${shape.ascending}`,
  (shape: NotificationPageShape) => {
    const conditions = [sql`user_id = ${param<number>('member')}`];
    if (shape.after) conditions.push(sql`id > ${param<number>('after')}::integer`);
    if (shape.unread !== undefined)
      conditions.push(shape.unread ? sql`read_at is null` : sql`read_at is not null`);
    const order = shape.ascending ? sql`asc` : sql`desc`;
    return sql`
      with listed as not materialized (select * from ${userNotifications} where ${sql.join(conditions, sql` and `)}),
      totals as (select count(*)::integer as total from listed),
      page as (select * from listed order by id ${order}
               limit ${param<number>('limit')} offset ${param<number>('offset')})
      select totals.total, row_to_json(page) as notification
      from totals left join page on true
      order by page.id ${order}`;
  },
);

/** A page of the member's notifications: after an id (catching up), read or unread, by id. */
export async function notificationPage(
  db: Db,
  userId: number,
  filter: { afterId: number | undefined; unread: boolean | undefined },
  page: { limit: number; offset: number; ascending: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const shape = { after: filter.afterId !== undefined, unread: filter.unread, ascending: page.ascending };
  const raw = executedRows<{ total: number; notification: unknown }>(
    await notificationPageStatement(db, shape, {
      member: userId,
      after: filter.afterId ?? 0,
      limit: page.limit,
      offset: page.offset,
    }),
  );
  const rows: NotificationRow[] = [];
  for (const r of raw) {
    const row = maybeRowFromJson(userNotifications, r.notification);
    if (row) rows.push(row);
  }
  return { rows, total: Number(raw[0]?.total ?? 0) };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
  return row?.n ?? 0;
}

/** Marks every unread notification read; answers how many changed. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const updated = await db
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return updated.length;
}

/** Sets or clears read_at of one of the member's notifications; null when it is not theirs. */
export async function setReadAt(
  db: Db,
  userId: number,
  id: number,
  read: boolean,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(userNotifications)
    // Reading twice keeps the first read time.
    .set({ readAt: read ? sql`coalesce(${userNotifications.readAt}, now())` : null })
    .where(own(userId, id))
    .returning();
  return row ?? null;
}

/** Deletes one of the member's notifications; false when it is not theirs. */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(userNotifications)
    .where(own(userId, id))
    .returning({ id: userNotifications.id });
  return deleted.length > 0;
}

/** A member of the site by username, ignoring case. */
export async function memberByUsername(db: Db, siteId: number, username: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  return user ?? null;
}
