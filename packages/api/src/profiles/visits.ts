import { type SQL, sql } from 'drizzle-orm';
import { profileVisits } from '../db/interactions-schema';
import type { Param } from '../db/prepared-statement';

/** A viewer's visits to one profile count once within this window. */
export const VISIT_WINDOW_HOURS = 6;

/**
 * Records a visit by `visitor` to each member `visited` selects, unless that viewer's last
 * recorded visit to them is inside the window: one atomic upsert decides, so two concurrent page
 * loads record one visit. A data-modifying statement for a `with` clause, returning a row for
 * each visit recorded (and so each owner to notify).
 */
export function recordVisits(visitor: Param<number>, visited: SQL): SQL {
  return sql`
    insert into ${profileVisits} (visitor_id, visited_id)
    select ${visitor}::integer, visited.id from (${visited}) visited
    on conflict (visitor_id, visited_id) do update
      set visits = ${profileVisits}.visits + 1, last_visited_at = now()
      where ${profileVisits}.last_visited_at < now() - ${sql.raw(`interval '${VISIT_WINDOW_HOURS} hours'`)}
    returning visited_id`;
}
