import { and, eq } from 'drizzle-orm';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import { reports } from '../db/interactions-schema';
import { messages } from '../db/messaging-schema';
import { ApiError } from '../http/api-error';
import { isUuid, storedUuidOf } from '../http/uuid';

/** Reports one member may file in 24 hours, whatever their target (more is likely abuse of the queue). */
export const REPORTS_PER_DAY = 30;
export const REPORTS_THROTTLED = 'You have sent a lot of reports today. Please try again tomorrow.';
export const REPORT_FILED = 'Thank you. Our moderators will review your report.';

export interface ReportInput {
  reportedId: number;
  photoId: string | null;
  messageId: number | null;
  reason: string;
  details: string | null;
}

/**
 * A message sent TO the reporter, by uuid: that is exactly "a message of a conversation you are
 * in" that someone else wrote. Blocks do not hide it (block and report go together); anything
 * else (malformed, someone else's conversation, one's own message) is null.
 */
export async function messageToReport(ctx: AppContext, reporterId: number, rawUuid: string) {
  if (!isUuid(rawUuid)) return null;
  const [row] = await ctx.db
    .select({ id: messages.id, fromId: messages.fromId, type: messages.type })
    .from(messages)
    .where(and(eq(messages.uuid, storedUuidOf(rawUuid)), eq(messages.toId, reporterId)));
  return row ?? null;
}

/**
 * The one way into the moderation queue (profiles, photos, messages): counted against the
 * reporter's daily limit first, so a burst is refused before anything is stored.
 */
export async function fileReport(ctx: AppContext, reporter: Member, input: ReportInput): Promise<number> {
  const limit = await ctx.limits.hit(`reports:${reporter.user.id}`, {
    maxAttempts: REPORTS_PER_DAY,
    decaySeconds: 24 * 3600,
  });
  if (!limit.allowed) {
    throw new ApiError(
      429,
      REPORTS_THROTTLED,
      { reason: [REPORTS_THROTTLED] },
      {
        'retry-after': String(limit.retryAfter),
      },
    );
  }
  const [row] = await ctx.db
    .insert(reports)
    .values({ reporterId: reporter.user.id, ...input })
    .returning({ id: reports.id });
  if (!row) throw new Error('report insert returned nothing');
  return row.id;
}
