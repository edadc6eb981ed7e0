import type { Db } from '../db/database';
import { trackingEvents } from '../db/realtime-schema';

export async function recordEvent(db: Db, event: typeof trackingEvents.$inferInsert): Promise<void> {
  await db.insert(trackingEvents).values(event);
}
