import { persistedRealtimeSecret } from '@ukd/api';

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
  // The same file the API reads when it runs on its own, so both agree without configuration.
  const secret = env.REALTIME_APP_SECRET || persistedRealtimeSecret(dataDir);
  return { id: env.REALTIME_APP_ID ?? 'flirtlane', key: env.REALTIME_APP_KEY ?? 'flirtlane-key', secret };
}
