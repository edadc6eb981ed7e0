import { randomBytes } from 'node:crypto';
import { persistedSecret } from '../persisted-secret';

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
  return persistedSecret(dataDir, 'realtime-secret', () => randomBytes(32).toString('hex'));
}
