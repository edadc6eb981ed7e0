import type { RegistrationTracking } from '@ukd/contracts/api';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { memberAcquisition } from '../db/acquisition-schema';
import type { Db } from '../db/database';
import { users } from '../db/schema';

/** Stores where a new member came from; values were checked at the edge, defaults fill the gaps. */
export async function recordAcquisition(
  db: Db,
  member: { id: number; siteId: number },
  tracking: RegistrationTracking | undefined,
): Promise<void> {
  const t = tracking ?? {};
  await db.insert(memberAcquisition).values({
    userId: member.id,
    siteId: member.siteId,
    ...(t.s1 ? { s1: t.s1 } : {}),
    ...(t.s2 ? { s2: t.s2 } : {}),
    ...(t.s3 ? { s3: t.s3 } : {}),
    ...(t.s4 ? { s4: t.s4 } : {}),
    ...(t.s5 ? { s5: t.s5 } : {}),
    gclid: t.gclid ?? null,
    trackingId: t.tracking_id ?? null,
    ...(t.landing ? { landing: t.landing } : {}),
    // An affiliate link carries `aff`; partners who only pass their own tracking id are credited by it.
    affiliate: t.aff ?? t.tracking_id ?? null,
    landingPath: t.landing_path ?? null,
  });
}

export type MemberAcquisition = typeof memberAcquisition.$inferSelect;

export async function acquisitionOf(db: Db, userId: number): Promise<MemberAcquisition | undefined> {
  const [row] = await db.select().from(memberAcquisition).where(eq(memberAcquisition.userId, userId));
  return row;
}

/** What the registrations report can group by. */
export const REPORT_DIMENSIONS = {
  s1: memberAcquisition.s1,
  s2: memberAcquisition.s2,
  s3: memberAcquisition.s3,
  s4: memberAcquisition.s4,
  s5: memberAcquisition.s5,
  landing: memberAcquisition.landing,
  affiliate: memberAcquisition.affiliate,
  tracking_id: memberAcquisition.trackingId,
  landing_path: memberAcquisition.landingPath,
} as const;
export type ReportDimension = keyof typeof REPORT_DIMENSIONS;

export function isReportDimension(value: string): value is ReportDimension {
  return Object.hasOwn(REPORT_DIMENSIONS, value);
}

/** Fallbacks for members with no row (registered before tracking was recorded) or no value. */
const MISSING: Record<ReportDimension, string> = {
  s1: 'empty',
  s2: 'empty',
  s3: 'empty',
  s4: 'empty',
  s5: 'empty',
  landing: '1',
  affiliate: '(none)',
  tracking_id: '(none)',
  landing_path: '(unknown)',
};

export interface SourceCount {
  source: string;
  registrations: number;
  /** Of those, members who confirmed their email address. */
  confirmed: number;
}

/**
 * Registrations of one site in `[since, until)` counted per value of one tracking dimension,
 * largest first. Every member counts once, those without tracking under the dimension's default.
 */
export async function registrationsBySource(
  db: Db,
  options: { siteId: number; by: ReportDimension; since: Date; until?: Date | undefined },
): Promise<SourceCount[]> {
  const source = sql<string>`coalesce(${REPORT_DIMENSIONS[options.by]}::text, ${MISSING[options.by]})`;
  const rows = await db
    .select({
      source,
      registrations: count(),
      confirmed: sql<number>`count(${users.emailConfirmedAt})::int`,
    })
    .from(users)
    .leftJoin(memberAcquisition, eq(memberAcquisition.userId, users.id))
    .where(
      and(
        eq(users.siteId, options.siteId),
        gte(users.createdAt, options.since),
        options.until ? lt(users.createdAt, options.until) : undefined,
      ),
    )
    // By position: the fallback is a bound parameter, and `coalesce(x, $1)` in the select list
    // and `coalesce(x, $2)` in GROUP BY are different expressions to PostgreSQL.
    .groupBy(sql`1`)
    .orderBy(sql`2 desc, 1`);
  return rows.map((r) => ({ ...r, registrations: Number(r.registrations), confirmed: Number(r.confirmed) }));
}
