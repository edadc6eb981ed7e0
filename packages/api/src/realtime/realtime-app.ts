import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The realtime app the API signs for: channel auth (`key:signature`) and HTTP API calls. */
export interface RealtimeAppCredentials {
  id: string;
  key: string;
  secret: string;
}

export const DEFAULT_REALTIME_APP_ID = 'flirtlane';

/**
 * The realtime secret generated once under `${dataDir}/secrets/realtime-secret`: the same file
 * the site server's embedded realtime server uses, so an API and a site server sharing DATA_DIR
 * agree without configuration. REALTIME_APP_SECRET (or the `realtimeApp.secret` option) wins.
 */
export function persistedRealtimeSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets', 'realtime-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
