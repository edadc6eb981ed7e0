import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notificationMutes } from '../db/realtime-schema';
import type { NotificationGate } from './notification-writer';

/** The writer's gate: a member who muted the sender gets no notification from them. */
export function muteGate(db: Db): NotificationGate {
  return async (recipient, fromUserId) => {
    const [row] = await db
      .select({ userId: notificationMutes.userId })
      .from(notificationMutes)
      .where(and(eq(notificationMutes.userId, recipient.id), eq(notificationMutes.mutedUserId, fromUserId)))
      .limit(1);
    return !row;
  };
}

/** Idempotent. */
export async function muteSender(db: Db, userId: number, mutedUserId: number): Promise<void> {
  await db.insert(notificationMutes).values({ userId, mutedUserId }).onConflictDoNothing();
}

/** Idempotent. */
export async function unmuteSender(db: Db, userId: number, mutedUserId: number): Promise<void> {
  await db
    .delete(notificationMutes)
    .where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.mutedUserId, mutedUserId)));
}
