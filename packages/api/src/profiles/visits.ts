import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { profileVisits } from '../db/interactions-schema';

/** A viewer's visits to one profile count once within this window. */
export const VISIT_WINDOW_HOURS = 6;

/**
 * Records a visit unless the same viewer's last recorded visit to this profile is inside the
 * window. One atomic upsert decides, so two concurrent page loads record one visit.
 * Returns whether a visit was recorded (and so whether to notify the owner).
 */
export async function recordVisit(db: Db, visitorId: number, visitedId: number): Promise<boolean> {
  const rows = await db
    .insert(profileVisits)
    .values({ visitorId, visitedId })
    .onConflictDoUpdate({
      target: [profileVisits.visitorId, profileVisits.visitedId],
      set: { visits: sql`${profileVisits.visits} + 1`, lastVisitedAt: sql`now()` },
      setWhere: sql`${profileVisits.lastVisitedAt} < now() - ${sql.raw(`interval '${VISIT_WINDOW_HOURS} hours'`)}`,
    })
    .returning({ visits: profileVisits.visits });
  return rows.length > 0;
}
