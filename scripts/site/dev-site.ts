import { join } from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { type RemoteEntry, type RemoteId, remoteIds } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { createJiti } from 'jiti';
import { repoRoot } from './build-unit';
import { updateSiteManifest } from './site-manifest-file';

const jiti = createJiti(import.meta.url, { moduleCache: false });
const siteDir = process.env.SITE_DIR ?? join(repoRoot, 'dist', 'dev-site');
const siteInfo = {
  name: process.env.SITE_NAME ?? 'Flirtlane',
  key: process.env.SITE_KEY ?? 'ukdating-site01',
  environment: 'local' as const,
};
const port = Number(process.env.PORT ?? 3000);

type Listener = () => void;
const reloadListeners = new Set<Listener>();

/** Watches one unit in development mode; every successful rebuild reloads open pages. */
async function watchUnit(
  unit: string,
  outDir: string,
  publicPath: string | undefined,
  onBuilt: () => Promise<void>,
) {
  // Production configuration (with source maps): in rspack's development mode the Module
  // Federation 2.9 SDK fails to initialise in the browser (a circular CommonJS require), and a
  // unit still rebuilds in well under a second.
  process.env.UKD_MODE = 'production';
  process.env.UKD_LIVE_RELOAD = '1';
  process.env.UKD_OUT_DIR = outDir;
  if (publicPath) process.env.UKD_PUBLIC_PATH = publicPath;
  else delete process.env.UKD_PUBLIC_PATH;
  const { default: config } = (await jiti.import(join(repoRoot, unit, 'rspack.config.ts'))) as {
    default: Configuration;
  };
  const compiler = rspack(config);
  let first = true;
  await new Promise<void>((resolve) => {
    compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
      if (error || stats?.hasErrors()) {
        console.error(`[${unit}] build failed\n${error ?? stats?.toString({ all: false, errors: true })}`);
      } else {
        console.log(`[${unit}] built in ${(stats?.endTime ?? 0) - (stats?.startTime ?? 0)} ms`);
        void onBuilt().then(() => {
          if (!first) for (const listener of reloadListeners) listener();
        });
      }
      if (first) {
        first = false;
        resolve();
      }
    });
  });
}

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
  process.env.SITE_DIR = siteDir;
  await watchUnit('shell', join(siteDir, 'shell'), '/shell/', async () => undefined);
  for (const remote of remoteIds) {
    await watchUnit(remote, join(siteDir, 'remotes', remote, 'dev'), undefined, () =>
      deployDevRemote(remote),
    );
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
      // Live reload: the shell's watch build listens here and reloads when any unit rebuilds.
      app.get('/__dev/reload', (request, reply) => {
        reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        reply.raw.write(': connected\n\n');
        const listener = () => reply.raw.write('data: reload\n\n');
        reloadListeners.add(listener);
        request.raw.on('close', () => reloadListeners.delete(listener));
      });
    },
  });
  console.log(`\nFlirtlane (development) at http://localhost:${port}: edit any unit and the page reloads.`);
}
