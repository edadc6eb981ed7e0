import { join } from 'node:path';
import { type RemoteEntry, type RemoteId, remoteIds } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { createJiti } from 'jiti';
import { repoRoot } from './build-unit';
import { createDevEvents } from './dev-events';
import { updateSiteManifest } from './site-manifest-file';
import { watchUnit } from './watch-unit';

const jiti = createJiti(import.meta.url, { moduleCache: false });
const siteDir = process.env.SITE_DIR ?? join(repoRoot, 'dist', 'dev-site');
const siteInfo = {
  name: process.env.SITE_NAME ?? 'Flirtlane',
  key: process.env.SITE_KEY ?? 'ukdating-site01',
  environment: 'local' as const,
};
const port = Number(process.env.PORT ?? 3000);

/** Dev builds keep their file names from build to build, so the browser must revalidate them. */
const devFiles = /^\/(shell|remotes\/[^/]+\/dev)\//;

async function deployDevRemote(remote: RemoteId) {
  const { routes } = (await jiti.import(join(repoRoot, remote, 'src', 'routes.ts'))) as {
    routes: RemoteRoute[];
  };
  const entry: RemoteEntry = {
    id: remote,
    entry: `/remotes/${remote}/dev/mf-manifest.json`,
    version: `dev-${Date.now().toString(36)}`,
    routes: routeDefinitions(routes),
  };
  await updateSiteManifest(siteDir, siteInfo, (manifest) => ({
    site: siteInfo,
    remotes: [...manifest.remotes.filter((r) => r.id !== remote), entry].sort(
      (a, b) => remoteIds.indexOf(a.id) - remoteIds.indexOf(b.id),
    ),
  }));
}

export async function main() {
  const hot = remoteIds;
  process.env.SITE_DIR = siteDir;
  const events = createDevEvents();

  await watchUnit({
    unit: 'shell',
    outDir: join(siteDir, 'shell'),
    publicPath: '/shell/',
    onBuilt: async (hash) => events.unitBuilt('shell', hash),
    onFailed: (errors) => events.unitFailed('shell', errors),
  });
  for (const remote of hot) {
    await watchUnit({
      unit: remote,
      outDir: join(siteDir, 'remotes', remote, 'dev'),
      onBuilt: async (hash) => {
        await deployDevRemote(remote);
        events.unitBuilt(remote, hash);
      },
      onFailed: (errors) => events.unitFailed(remote, errors),
    });
  }

  const { startEmbeddedSite } = (await jiti.import(
    join(repoRoot, 'packages', 'site-server', 'src', 'index.ts'),
  )) as {
    startEmbeddedSite: typeof import('../../packages/site-server/src/index').startEmbeddedSite;
  };
  await startEmbeddedSite({
    siteDir,
    dataDir: process.env.DATA_DIR ?? join(repoRoot, '.data'),
    port,
    logLevel: 'warn',
    extend(app) {
      events.mount(app);
      app.addHook('onSend', async (request, reply, payload) => {
        if (devFiles.test(request.url)) reply.header('Cache-Control', 'no-cache');
        return payload;
      });
    },
  });
  console.log(
    `\nFlirtlane (development) at http://localhost:${port}: hot reload for the shell and ${hot.join(', ') || 'no remote'}.`,
  );
}
