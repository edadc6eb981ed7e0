import { join } from 'node:path';
import type { RemoteEntry } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { createJiti } from 'jiti';
import { repoRoot } from './build-unit';
import { createDevEvents } from './dev-events';
import { ensureProductionRemote } from './production-remote';
import { readRemoteNav } from './remote-nav';
import { readRemoteSlots } from './remote-slots';
import { byRemoteOrder, isRemoteId, type RemoteId, remoteIds } from './site-config';
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
  const slots = await readRemoteSlots(remote, join(repoRoot, remote));
  const nav = await readRemoteNav(remote, join(repoRoot, remote));
  const entry: RemoteEntry = {
    id: remote,
    entry: `/remotes/${remote}/dev/mf-manifest.json`,
    version: `dev-${Date.now().toString(36)}`,
    routes: routeDefinitions(routes),
    ...(slots && { slots }),
    ...(nav && { nav }),
  };
  await updateSiteManifest(siteDir, siteInfo, (manifest) => ({
    site: siteInfo,
    remotes: [...manifest.remotes.filter((r) => r.id !== remote), entry].sort(byRemoteOrder),
  }));
}

/** `npm run dev -- mfe-messaging mfe-billing`: the remotes to run hot; none named means all. */
function hotRemotes(args: string[]): RemoteId[] {
  const units = args.filter((arg) => arg !== '--');
  const unknown = units.filter((unit) => unit !== 'shell' && !isRemoteId(unit));
  if (unknown.length) {
    console.error(
      `unknown unit ${unknown.join(', ')}; usage: npm run dev [-- <shell|${remoteIds.join('|')}>...]`,
    );
    process.exit(2);
  }
  return units.length ? remoteIds.filter((remote) => units.includes(remote)) : [...remoteIds];
}

export async function main(args: string[]) {
  const hot = hotRemotes(args);
  const events = createDevEvents();

  for (const remote of remoteIds.filter((id) => !hot.includes(id))) {
    const served = await ensureProductionRemote(remote, siteDir, siteInfo);
    console.log(`[${remote}] production build (${served === 'reused' ? 'up to date' : 'built now'})`);
  }
  // The shell always runs hot: it provides React's development build, which Fast Refresh needs,
  // to every remote on the page.
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
    development: true,
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
