import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { reports } from '../db/interactions-schema';
import { users } from '../db/schema';

export interface OpenReport {
  id: number;
  reason: string;
  details: string | null;
  photoId: string | null;
  messageId: number | null;
  createdAt: Date;
  reporter: string;
  reported: string;
  reportedUuid: string;
}

/** Open reports, oldest first, with who reported whom (for the operator CLI). */
export async function openReports(db: Db, limit = 50): Promise<OpenReport[]> {
  const reporter = alias(users, 'reporter');
  const reported = alias(users, 'reported');
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      photoId: reports.photoId,
      messageId: reports.messageId,
      createdAt: reports.createdAt,
      reporter: reporter.username,
      reported: reported.username,
      reportedUuid: reported.uuid,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt))
    .limit(limit);
}

export async function resolveReport(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ status: 'resolved', resolvedAt: sql`now()` })
    .where(eq(reports.id, id))
    .returning({ id: reports.id });
  return rows.length > 0;
}
