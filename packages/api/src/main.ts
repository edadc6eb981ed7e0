// Standalone API server for a scaled deployment: N of these behind a load balancer on PostgreSQL.
// PORT, HOST, DATABASE_URL, DATA_DIR, SITE_URL, API_URL, JWT_SECRET, SMTP_URL, TRUST_PROXY, LOG_LEVEL,
// WORKERS (processes sharing the port; PostgreSQL only).
import { randomUUID } from 'node:crypto';
import { runWorkers, workerCount } from '@ukd/workers';
import Fastify from 'fastify';
import { isPostgresUrl } from './db/database';
import { createApi, loadApiOptionsFromEnv } from './index';

const options = loadApiOptionsFromEnv();
const workers = workerCount();
if (workers > 1 && !isPostgresUrl(options.databaseUrl)) {
  console.error('WORKERS > 1 needs DATABASE_URL=postgres://…: PGlite is a single-process database');
  process.exit(2);
}
await runWorkers(workers, serve);

async function serve(): Promise<void> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL || 'info' },
    // Behind a load balancer the client address comes from X-Forwarded-For (login throttling is per IP).
    trustProxy: process.env.TRUST_PROXY
      ? process.env.TRUST_PROXY === 'true' || process.env.TRUST_PROXY
      : false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  if (options.databaseUrl && !options.jwtSecret) {
    app.log.warn(
      'JWT_SECRET is not set: every API process must share one secret, using the one under DATA_DIR',
    );
  }

  const api = await createApi(options);
  await app.register(api.plugin, { prefix: '/api' });
  app.get('/healthz', async () => ({ ok: true }));

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stop after 10 s even if a client holds a connection open.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await api.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: Number(process.env.PORT) || 8080, host: process.env.HOST || '0.0.0.0' });
}
