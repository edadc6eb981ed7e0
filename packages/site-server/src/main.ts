import { join, resolve } from 'node:path';
import { runWorkers, workerCount } from '@ukd/workers';
import { startEmbeddedSite } from './embedded-site';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const port = Number(process.env.PORT ?? 3000);

// WORKERS=n: n processes share the port. They share nothing in memory, so the database must be
// PostgreSQL and realtime fan-out, presence and socket limits go through Redis.
const workers = workerCount();
if (workers > 1 && (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') || !process.env.REDIS_URL)) {
  console.error('WORKERS > 1 needs DATABASE_URL=postgres://… and REDIS_URL=redis://… (see README, Scaling)');
  process.exit(2);
}
await runWorkers(workers, serve);

async function serve(): Promise<void> {
  // Embedded defaults: the built site in dist/site, data under .data/ at the repository root.
  const site = await startEmbeddedSite({
    siteDir: process.env.SITE_DIR ?? join(repoRoot, 'dist', 'site'),
    dataDir: resolve(repoRoot, process.env.DATA_DIR ?? '.data'),
    port,
    logLevel: process.env.LOG_LEVEL ?? 'info',
  });
  site.app.log.info(`Flirtlane is running at ${site.url}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      site.app.log.info(`${signal}: closing`);
      site.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
