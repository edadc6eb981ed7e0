// Operator commands. Usage:
//   tsx src/cli.ts impersonate <email> [--site <site-key>]
//   tsx src/cli.ts maintenance on|off [--site <site-key>]
//   tsx src/cli.ts event <name|none> [--site <site-key>]
// Reads the same environment as the server (DATA_DIR, DATABASE_URL, JWT_SECRET, SITE_URL);
// DATA_DIR defaults to the repository's .data/, where the embedded one-origin server keeps it.
import { join } from 'node:path';
import { TokenSigner } from './auth/access-tokens';
import { signLink } from './auth/signed-links';
import { openDatabase } from './db/database';
import { DEFAULT_SITE, loadApiOptionsFromEnv, resolveApiOptions } from './options';
import { SEASONAL_EVENTS, type SeasonalEvent, SiteDirectory } from './site-settings';

function usage(): never {
  console.error(
    'usage: cli.ts impersonate <email> | maintenance on|off | event <name|none>   [--site <site-key>]',
  );
  process.exit(2);
}

process.env.DATA_DIR ??= join(import.meta.dirname, '..', '..', '..', '.data');

const args = process.argv.slice(2);
const siteFlag = args.indexOf('--site');
const siteKey = siteFlag >= 0 ? args[siteFlag + 1] : DEFAULT_SITE.key;
if (siteFlag >= 0) args.splice(siteFlag, 2);
if (!siteKey) usage();
const [command, value] = args;
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
    else await sites.set(site.id, 'event', value === 'none' ? null : (value ?? null));
    console.log(`${command} ${value} for ${siteKey}`);
  } finally {
    await database.close();
  }
} else {
  usage();
}
