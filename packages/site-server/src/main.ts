import { join, resolve } from 'node:path';
import { startEmbeddedSite } from './embedded-site';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const port = Number(process.env.PORT ?? 3000);

// Embedded defaults: the built site in dist/site, data under .data/ at the repository root.
const site = await startEmbeddedSite({
  siteDir: process.env.SITE_DIR ?? join(repoRoot, 'dist', 'site'),
  dataDir: resolve(repoRoot, process.env.DATA_DIR ?? '.data'),
  port,
  logLevel: process.env.LOG_LEVEL ?? 'info',
});
site.app.log.info(`Flirtlane is running at http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    site.app.log.info(`${signal}: closing`);
    site.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
