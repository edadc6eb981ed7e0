import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notificationMutes } from '../db/realtime-schema';

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
