import type { Db } from '../db/database';
import { pendingApplications, reviewApplication } from './affiliate-applications';
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

/** `affiliates [list]` and `affiliates approve|reject <reference>…`. Null on bad arguments. */
export async function affiliatesCommand(
  db: Db,
  action: string,
  references: string[],
): Promise<string | null> {
  if (action === 'list') {
    const pending = await pendingApplications(db);
    if (pending.length === 0) return 'no pending affiliate applications';
    return pending
      .map(
        (a) =>
          `${a.reference}  ${a.createdAt.toISOString()}  ${a.name} <${a.email}>  ${a.channel}  ${a.website}\n    "${a.message.replace(/\s+/g, ' ').slice(0, 300)}"`,
      )
      .join('\n');
  }
  if ((action === 'approve' || action === 'reject') && references.length) {
    const lines: string[] = [];
    for (const reference of references) {
      const ok = await reviewApplication(
        db,
        reference.toUpperCase(),
        action === 'approve' ? 'approved' : 'rejected',
      );
      lines.push(
        ok ? `${reference} ${action === 'approve' ? 'approved' : 'rejected'}` : `${reference} not pending`,
      );
    }
    return lines.join('\n');
  }
  return null;
}
