import { TRACKING_RULES } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sites } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { pendingApplications, reviewApplication } from './affiliate-applications';
import { affiliateDecisionMail } from './affiliate-mail';
import { isReportDimension, REPORT_DIMENSIONS, registrationsBySource } from './member-acquisition';

const DAY_MS = 24 * 3600 * 1000;

function day(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `--name value` pairs; null when an argument is not one of `allowed` or has no value. */
function flags(args: string[], allowed: string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '') ?? '';
    const value = args[i + 1];
    if (!args[i]?.startsWith('--') || !allowed.includes(name) || value === undefined) return null;
    out[name] = value;
  }
  return out;
}

/**
 * `registrations [--by s1] [--since YYYY-MM-DD] [--until YYYY-MM-DD]`: a table of registrations
 * per value (UTC days; `--until` is exclusive). Null on bad arguments.
 */
export async function registrationsReport(db: Db, siteId: number, args: string[]): Promise<string | null> {
  const given = flags(args, ['by', 'since', 'until']);
  if (!given) return null;
  const by = given.by ?? 's1';
  if (!isReportDimension(by)) {
    return `unknown --by ${by}; one of: ${Object.keys(REPORT_DIMENSIONS).join(', ')}`;
  }
  const since = given.since ? day(given.since) : new Date(Date.now() - 30 * DAY_MS);
  const until = given.until ? day(given.until) : undefined;
  if (!since || (given.until && !until)) return 'dates are YYYY-MM-DD';
  const rows = await registrationsBySource(db, { siteId, by, since, until });
  const period = `${since.toISOString().slice(0, 10)} to ${until ? until.toISOString().slice(0, 10) : 'now'}`;
  if (rows.length === 0) return `no registrations from ${period}`;
  const width = Math.max(by.length, ...rows.map((r) => r.source.length));
  const lines = [
    `registrations by ${by}, ${period}`,
    `${by.padEnd(width)}  registrations  confirmed`,
    ...rows.map(
      (r) =>
        `${r.source.padEnd(width)}  ${String(r.registrations).padStart(13)}  ${String(r.confirmed).padStart(9)}`,
    ),
    `${'total'.padEnd(width)}  ${String(rows.reduce((n, r) => n + r.registrations, 0)).padStart(13)}`,
  ];
  return lines.join('\n');
}

export interface AffiliateReviewDeps {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
}

/**
 * `affiliates [list]`, `affiliates approve <reference> [--code CODE]` (the code defaults to the
 * reference's random part) and `affiliates reject <reference> --reason "…"`. A decision is mailed
 * to the applicant. Null on bad arguments.
 */
export async function affiliatesCommand(
  deps: AffiliateReviewDeps,
  action: string,
  args: string[],
): Promise<string | null> {
  if (action === 'list' && args.length === 0) {
    const pending = await pendingApplications(deps.db);
    if (pending.length === 0) return 'no pending affiliate applications';
    return pending
      .map(
        (a) =>
          `${a.reference}  ${a.createdAt.toISOString()}  ${a.name} <${a.email}>  ${a.channel}  ${a.website}\n    "${a.message.replace(/\s+/g, ' ').slice(0, 300)}"`,
      )
      .join('\n');
  }
  const [rawReference, ...rest] = args;
  const given = flags(rest, action === 'approve' ? ['code'] : ['reason']);
  if (!rawReference || !given || (action !== 'approve' && action !== 'reject')) return null;
  const reference = rawReference.toUpperCase();
  if (action === 'reject' && !given.reason?.trim())
    return 'a rejection needs --reason "…" (it is mailed to the applicant)';
  if (given.code !== undefined && !TRACKING_RULES.code.test(given.code)) {
    return 'a code is 1-64 letters, digits, dots, dashes or underscores';
  }
  const result = await reviewApplication(
    deps.db,
    reference,
    action === 'approve' ? { status: 'approved', code: given.code } : { status: 'rejected' },
  );
  if (result === null) return `${reference} not pending`;
  if (result === 'code-taken') return `the code ${given.code} is already another partner's`;
  const [site] = await deps.db.select({ name: sites.name }).from(sites).where(eq(sites.id, result.siteId));
  const programmeUrl = `${deps.siteUrl}/affiliates`;
  await deps.mailer.send(
    affiliateDecisionMail({
      siteName: site?.name ?? 'Flirtlane',
      to: result.email,
      name: result.name,
      reference,
      programmeUrl,
      decision:
        result.status === 'approved' && result.code
          ? {
              approved: true,
              code: result.code,
              exampleUrl: `${deps.siteUrl}/?aff=${encodeURIComponent(result.code)}`,
            }
          : { approved: false, reason: given.reason?.trim() ?? '' },
    }),
  );
  return result.status === 'approved'
    ? `${reference} approved: code ${result.code} (mailed to ${result.email})`
    : `${reference} rejected (mailed to ${result.email})`;
}
