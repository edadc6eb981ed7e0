// Operator commands. Usage:
//   tsx src/cli.ts impersonate <email> [--site <site-key>]
//   tsx src/cli.ts maintenance on|off [--site <site-key>]
//   tsx src/cli.ts event <name|none> [--site <site-key>]
//   tsx src/cli.ts photos [list]                 the moderation queue (pending photos, oldest first)
//   tsx src/cli.ts photos approve|reject <id>…   decide on photos
//   tsx src/cli.ts reports [list]                open reports, oldest first
//   tsx src/cli.ts reports resolve <id>…         close reports
//   tsx src/cli.ts tickets [list]                open help requests, oldest first
//   tsx src/cli.ts tickets answered|closed|open <reference>…   set a request's status
//   tsx src/cli.ts registrations [--by s1] [--since YYYY-MM-DD] [--until YYYY-MM-DD]
//                                                registrations per source (s1…s5, landing, affiliate,
//                                                tracking_id, landing_path); default: s1, last 30 days
//   tsx src/cli.ts affiliates [list]             pending affiliate applications, oldest first
//   tsx src/cli.ts affiliates approve <reference> [--code CODE]   issue the affiliate code, mail it
//   tsx src/cli.ts affiliates reject <reference> --reason "…"     mail the reason
// Reads the same environment as the server (DATA_DIR, DATABASE_URL, JWT_SECRET, SITE_URL);
// DATA_DIR defaults to the repository's .data/, where the embedded one-origin server keeps it.
import { join } from 'node:path';
import { affiliatesCommand, registrationsReport } from './acquisition/acquisition-cli';
import { TokenSigner } from './auth/access-tokens';
import { signLink } from './auth/signed-links';
import { type Db, openDatabase } from './db/database';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { openReports, resolveReport } from './moderation/reports';
import { DEFAULT_SITE, loadApiOptionsFromEnv, resolveApiOptions } from './options';
import { moderationQueue, reviewPhoto } from './photos/member-photos';
import { PhotoUrls } from './photos/photo-urls';
import { SEASONAL_EVENTS, type SeasonalEvent, SiteDirectory } from './site-settings';
import { openTickets, setTicketStatus } from './support/ticket-queries';

function usage(): never {
  console.error(
    'usage: cli.ts impersonate <email> | maintenance on|off | event <name|none> [--site <site-key>]\n' +
      '       cli.ts photos [list] | photos approve|reject <id>... | reports [list] | reports resolve <id>...\n' +
      '       cli.ts tickets [list] | tickets answered|closed|open <reference>...\n' +
      '       cli.ts registrations [--by s1|s2|s3|s4|s5|landing|affiliate|tracking_id|landing_path] [--since YYYY-MM-DD] [--until YYYY-MM-DD]\n' +
      '       cli.ts affiliates [list] | affiliates approve <reference> [--code CODE] | affiliates reject <reference> --reason "..."',
  );
  process.exit(2);
}

process.env.DATA_DIR ??= join(import.meta.dirname, '..', '..', '..', '.data');

const args = process.argv.slice(2);
const siteFlag = args.indexOf('--site');
const siteKey = siteFlag >= 0 ? args[siteFlag + 1] : DEFAULT_SITE.key;
if (siteFlag >= 0) args.splice(siteFlag, 2);
if (!siteKey) usage();
const [command, value, ...rest] = args;
const options = resolveApiOptions(loadApiOptionsFromEnv());

if (command === 'impersonate' && value) {
  // Signed with the server's secret and redeemed (once, within 10 minutes) by POST /api/impersonate,
  // so this works while the server is running and holds the embedded database.
  const token = await signLink(
    new TokenSigner(options.jwtSecret),
    'impersonate',
    siteKey,
    value.trim().toLowerCase(),
  );
  console.log(`impersonate_token=${token}`);
  console.log(`${options.siteUrl}/login?impersonate_token=${encodeURIComponent(token)}`);
} else if (
  (command === 'maintenance' && (value === 'on' || value === 'off')) ||
  (command === 'event' && value)
) {
  if (command === 'event' && value !== 'none' && !SEASONAL_EVENTS.includes(value as SeasonalEvent)) {
    console.error(`unknown event; one of: none, ${SEASONAL_EVENTS.join(', ')}`);
    process.exit(2);
  }
  // Writes the database directly: with the embedded PGlite, stop the server first.
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    const sites = new SiteDirectory(database.db);
    const site = await sites.byKey(siteKey);
    if (!site) throw new Error(`unknown site ${siteKey}`);
    if (command === 'maintenance') await sites.set(site.id, 'maintenance', value === 'on');
    // `none` deletes the row: `settings.value` is NOT NULL, so storing null failed.
    else if (value === 'none') await sites.unset(site.id, 'event');
    else await sites.set(site.id, 'event', value ?? null);
    console.log(`${command} ${value} for ${siteKey}`);
  } finally {
    await database.close();
  }
} else if (command === 'tickets') {
  // Writes the database directly: with the embedded PGlite, stop the server first.
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    await tickets(database.db, value ?? 'list', rest);
  } finally {
    await database.close();
  }
} else if (command === 'photos' || command === 'reports') {
  // Writes the database directly: with the embedded PGlite, stop the server first.
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    await moderate(database.db, command, value ?? 'list', rest);
  } finally {
    await database.close();
  }
} else if (command === 'registrations' || command === 'affiliates') {
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    const sites = new SiteDirectory(database.db);
    const site = await sites.byKey(siteKey);
    if (!site) throw new Error(`unknown site ${siteKey}`);
    const output =
      command === 'registrations'
        ? await registrationsReport(
            database.db,
            site.id,
            [value, ...rest].filter((a) => a !== undefined),
          )
        : await affiliatesCommand(
            { db: database.db, mailer: cliMailer(), siteUrl: options.siteUrl },
            value ?? 'list',
            rest,
          );
    if (output === null) usage();
    console.log(output);
  } finally {
    await database.close();
  }
} else {
  usage();
}

/** Mail as the server sends it: through SMTP_URL, or into the outbox under DATA_DIR. */
function cliMailer() {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.mailFrom)
    : outboxMailer(join(options.dataDir, 'outbox'), options.mailFrom);
}

async function moderate(db: Db, what: 'photos' | 'reports', action: string, ids: string[]): Promise<void> {
  const urls = new PhotoUrls(options.apiUrl, options.jwtSecret);
  if (what === 'photos' && action === 'list') {
    const queue = await moderationQueue(db, 100);
    if (queue.length === 0) console.log('no photos waiting for moderation');
    for (const p of queue) {
      console.log(
        `${p.id}  user#${p.userId}  ${p.width}x${p.height}  ${p.createdAt.toISOString()}  ${urls.url(p.file, { signed: true })}`,
      );
    }
  } else if (what === 'photos' && (action === 'approve' || action === 'reject') && ids.length) {
    for (const id of ids) {
      const row = /^[0-9a-f-]{36}$/i.test(id)
        ? await reviewPhoto(db, id, action === 'approve' ? 'approved' : 'rejected')
        : null;
      console.log(row ? `${id} ${row.status}` : `${id} not found`);
    }
  } else if (what === 'reports' && action === 'list') {
    const open = await openReports(db, 100);
    if (open.length === 0) console.log('no open reports');
    for (const r of open) {
      console.log(
        `#${r.id}  ${r.createdAt.toISOString()}  ${r.reporter} -> ${r.reported} (${r.reportedUuid})  ${r.reason}${r.photoId ? `  photo ${r.photoId}` : ''}${r.messageId ? `  message ${r.messageId}` : ''}${r.details ? `  "${r.details.replace(/\s+/g, ' ').slice(0, 200)}"` : ''}`,
      );
    }
  } else if (what === 'reports' && action === 'resolve' && ids.length) {
    for (const id of ids) {
      const ok = /^\d{1,9}$/.test(id) && (await resolveReport(db, Number(id)));
      console.log(ok ? `#${id} resolved` : `#${id} not found`);
    }
  } else {
    usage();
  }
}

async function tickets(db: Db, action: string, references: string[]): Promise<void> {
  const urls = new PhotoUrls(options.apiUrl, options.jwtSecret);
  if (action === 'list') {
    const open = await openTickets(db);
    if (open.length === 0) console.log('no open help requests');
    for (const t of open) {
      const attachment = t.attachment ? `  ${urls.url(t.attachment.file, { signed: true })}` : '';
      console.log(
        `${t.reference}  ${t.createdAt.toISOString()}  ${t.source}/${t.topic}  ${t.email}${t.userId ? `  user#${t.userId}` : ''}${attachment}\n    ${t.message.replace(/\s+/g, ' ').slice(0, 500)}`,
      );
    }
  } else if ((action === 'answered' || action === 'closed' || action === 'open') && references.length) {
    for (const reference of references) {
      const ok = await setTicketStatus(db, reference, action);
      console.log(ok ? `${reference.toUpperCase()} ${action}` : `${reference} not found`);
    }
  } else {
    usage();
  }
}
