import { createServer } from 'node:http';
import { runWorkers, workerCount } from '@ukd/workers';
import { jsonLogger } from './logger';
import { createRealtimeServer } from './realtime-server';

/**
 * Standalone realtime node: `PORT`, `REALTIME_APP_ID/KEY/SECRET`, `REDIS_URL`, `ALLOWED_ORIGINS`
 * (unset: only the origin of `SITE_URL`, when that is set), `WORKERS` (n processes sharing the
 * port: they meet only in Redis, so more than one needs `REDIS_URL`).
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`${name} is required\n`);
    process.exit(1);
  }
  return value;
}

/** ALLOWED_ORIGINS, or else the site's own origin: no other site's page may open a socket. */
function allowedOrigins(): string[] {
  const listed = (process.env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (listed.length > 0 || !process.env.SITE_URL) return listed;
  return [new URL(process.env.SITE_URL).origin];
}

const workers = workerCount();
if (workers > 1 && !process.env.REDIS_URL) {
  process.stderr.write(
    'WORKERS > 1 needs REDIS_URL: the processes share channels and presence through Redis\n',
  );
  process.exit(2);
}
// Checked before any process starts: a worker missing them would only die and be replaced.
const app = {
  id: required('REALTIME_APP_ID'),
  key: required('REALTIME_APP_KEY'),
  secret: required('REALTIME_APP_SECRET'),
};
await runWorkers(workers, serve);

async function serve(): Promise<void> {
  const logger = jsonLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'info');
  const port = Number(process.env.PORT ?? 6001);
  const host = process.env.HOST ?? '0.0.0.0';
  const realtime = await createRealtimeServer({
    apps: [app],
    allowedOrigins: allowedOrigins(),
    redisUrl: process.env.REDIS_URL || undefined,
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX || undefined,
    logger,
  });

  const server = createServer((req, res) => {
    if (req.url === '/health' || req.url === '/ready') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    realtime.handleHttpApi(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      },
      (error: unknown) => {
        logger.error({ err: String(error) }, 'http api failed');
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  server.listen(port, host, () =>
    logger.info({ port, host, redis: Boolean(process.env.REDIS_URL) }, 'realtime listening'),
  );

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: telling clients to reconnect');
    // Stop accepting first, then 4200 to every client so they move to another node or retry us.
    server.close();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await realtime.close();
    server.closeAllConnections();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
