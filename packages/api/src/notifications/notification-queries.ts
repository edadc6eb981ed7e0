import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type NotificationRow, userNotifications } from '../db/interactions-schema';
import { type UserRow, users } from '../db/schema';

const own = (userId: number, id: number) =>
  and(eq(userNotifications.id, id), eq(userNotifications.userId, userId));

/** A page of the member's notifications: after an id (catching up), read or unread, by id. */
export async function notificationPage(
  db: Db,
  userId: number,
  filter: { afterId: number | undefined; unread: boolean | undefined },
  page: { limit: number; offset: number; ascending: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(
    eq(userNotifications.userId, userId),
    filter.afterId === undefined ? undefined : gt(userNotifications.id, filter.afterId),
    filter.unread === undefined
      ? undefined
      : filter.unread
        ? isNull(userNotifications.readAt)
        : isNotNull(userNotifications.readAt),
  );
  const direction = page.ascending ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userNotifications)
      .where(where)
      .orderBy(direction(userNotifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(userNotifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
