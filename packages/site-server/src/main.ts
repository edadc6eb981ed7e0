import { join, resolve } from 'node:path';
import { createApi, inProcessBroadcaster, loadApiOptionsFromEnv } from '@ukd/api';
import { createRealtimeServer } from '@ukd/realtime-server';
import { realtimeCredentials } from './realtime-credentials';
import { createSiteServer } from './site-server';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const siteDir = process.env.SITE_DIR ?? join(repoRoot, 'dist', 'site');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

// Embedded defaults: PGlite data, secrets and the mail outbox under .data/ at the repository root.
const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? '.data');
process.env.DATA_DIR = dataDir;
process.env.SITE_URL ??= `http://localhost:${port}`;

const credentials = realtimeCredentials(dataDir);
const realtime = await createRealtimeServer({
  apps: [credentials],
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  ...(process.env.ALLOWED_ORIGINS ? { allowedOrigins: process.env.ALLOWED_ORIGINS.split(',') } : {}),
});
// The API signs channel auth for the same app (the key comes from REALTIME_APP_KEY in both, default
// flirtlane-key) and publishes straight into this process's realtime server.
const api = await createApi({
  ...loadApiOptionsFromEnv(),
  realtimeApp: { id: credentials.id, secret: credentials.secret },
  broadcaster: inProcessBroadcaster(realtime, credentials.id),
});
const app = await createSiteServer({
  siteDir,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  realtime,
  // e.g. TRUST_PROXY=10.0.0.0/8 behind a load balancer; unset, forwarded headers are ignored.
  ...(process.env.TRUST_PROXY ? { trustProxy: process.env.TRUST_PROXY.split(',') } : {}),
});
await app.register(api.plugin, { prefix: '/api' });
await app.listen({ port, host });
app.log.info(`Flirtlane is running at http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    // Realtime first: clients get 4200 and reconnect to whichever node comes back.
    realtime
      .close()
      .then(() => app.close())
      .then(() => api.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
