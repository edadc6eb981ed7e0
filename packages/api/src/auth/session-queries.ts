import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions } from '../db/schema';

type SessionRow = typeof sessions.$inferSelect;

import type { SortTerm } from '../http/list-query';

export const SESSION_SORTS = { created_at: sessions.createdAt, last_used_at: sessions.lastUsedAt } as const;
export type SessionSort = keyof typeof SESSION_SORTS;

/** A page of the member's live sessions (not ended, not expired), optionally of one device. */
export async function liveSessionPage(
  db: Db,
  userId: number,
  deviceId: string | undefined,
  page: { sort: SortTerm<SessionSort>[]; limit: number; offset: number },
): Promise<{ rows: SessionRow[]; total: number }> {
  const where = and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    sql`${sessions.expiresAt} > now()`,
    deviceId === undefined ? undefined : eq(sessions.deviceId, deviceId),
  );
  const [totalRow] = await db.select({ total: count() }).from(sessions).where(where);
  const rows = await db
    .select()
    .from(sessions)
    .where(where)
    .orderBy(
      ...page.sort.map((s) =>
        s.direction === 'asc' ? asc(SESSION_SORTS[s.field]) : desc(SESSION_SORTS[s.field]),
      ),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Ends one of the member's sessions; false when it is not theirs or already ended. */
export async function endSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'ended-by-member' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
