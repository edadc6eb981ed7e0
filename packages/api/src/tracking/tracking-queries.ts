import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type TrackingEventType, trackingEvents } from '../db/realtime-schema';

export async function recordEvent(db: Db, event: typeof trackingEvents.$inferInsert): Promise<void> {
  await db.insert(trackingEvents).values(event);
}
