import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RealtimeCredentials {
  id: string;
  key: string;
  secret: string;
}

/**
 * The embedded realtime app's credentials. The key is public (clients connect with it); the
 * secret signs channel auth and the HTTP API, so it is generated once and kept under DATA_DIR,
 * unless REALTIME_APP_SECRET gives one to share with other nodes.
 */
export function realtimeCredentials(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): RealtimeCredentials {
  let secret = env.REALTIME_APP_SECRET;
  if (!secret) {
    const file = join(dataDir, 'secrets', 'realtime-secret');
    if (existsSync(file)) secret = readFileSync(file, 'utf8').trim();
    else {
      mkdirSync(join(dataDir, 'secrets'), { recursive: true });
      secret = randomBytes(32).toString('hex');
      writeFileSync(file, secret, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  return { id: env.REALTIME_APP_ID ?? 'flirtlane', key: env.REALTIME_APP_KEY ?? 'flirtlane-key', secret };
}
