import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type TrackingEventType, trackingEvents } from '../db/realtime-schema';

/** Events of one kind the member sent in the last minute. */
export async function eventsLastMinute(db: Db, userId: number, type: TrackingEventType): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.userId, userId),
        eq(trackingEvents.type, type),
        sql`${trackingEvents.createdAt} > now() - interval '1 minute'`,
      ),
    );
  return recent?.n ?? 0;
}

export async function recordEvent(db: Db, event: typeof trackingEvents.$inferInsert): Promise<void> {
  await db.insert(trackingEvents).values(event);
}
