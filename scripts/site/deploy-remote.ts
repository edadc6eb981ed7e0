import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  accessLevels,
  layoutNames,
  type RemoteEntry,
  type RouteDefinition,
  shellRoutes,
} from '@ukd/contracts';
import { type RemoteRoute, routeDefinitions } from '@ukd/federation/remote-routes';
import { precompressFolder } from '@ukd/site-server/precompress';
import { createJiti } from 'jiti';
import { buildUnit, repoRoot } from './build-unit';
import { prerenderUnit } from './prerender-unit';

const jiti = createJiti(import.meta.url, { moduleCache: false });

import { readRemoteNav } from './remote-nav';
import { readRemoteSlots } from './remote-slots';
import { byRemoteOrder, isRemoteId, type RemoteId, remoteIds, siteDir, siteInfo } from './site-config';
import { updateSiteManifest } from './site-manifest-file';

/** Versions kept beside the live one, for tabs still running them and for rollback. */
const keptVersions = 3;

function checkRoutes(remote: RemoteId, routes: RouteDefinition[]) {
  const seen = new Set<string>();
  for (const route of routes) {
    const where = `${remote} route ${JSON.stringify(route.path)}`;
    if (!route.path.startsWith('/')) throw new Error(`${where}: paths start with /`);
    if (!route.title) throw new Error(`${where}: a title is required`);
    if (!accessLevels.includes(route.access)) throw new Error(`${where}: unknown access ${route.access}`);
    if (!layoutNames.includes(route.layout)) throw new Error(`${where}: unknown layout ${route.layout}`);
    if (seen.has(route.path)) throw new Error(`${where}: declared twice`);
    seen.add(route.path);
  }
}

export async function deployRemote(
  remote: RemoteId,
  sourceDir = join(repoRoot, remote),
  intoSite = siteDir,
  { precompress = true, prerender = true }: { precompress?: boolean; prerender?: boolean } = {},
) {
  const started = Date.now();
  const version = `${started.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const remoteDir = join(intoSite, 'remotes', remote);
  const outDir = join(remoteDir, version);

  const { routes } = (await jiti.import(join(sourceDir, 'src', 'routes.ts'))) as { routes: RemoteRoute[] };
  const definitions = routeDefinitions(routes);
  checkRoutes(remote, definitions);
  const slots = await readRemoteSlots(remote, sourceDir);
  const nav = await readRemoteNav(remote, sourceDir);

  await buildUnit({ dir: sourceDir, outDir, precompress: false });
  // Its public pages as HTML, written beside its files: the site server serves them from the
  // moment the manifest names this version, with no shell rebuild.
  const prerendered = prerender ? await prerenderUnit(sourceDir, remote, outDir, siteInfo) : 0;
  // Compressed before the manifest names this version: its first visitor already gets brotli.
  if (precompress) await precompressFolder(outDir);

  const shellClash = shellRoutes.find((route) => definitions.some((mine) => mine.path === route.path));
  if (shellClash) throw new Error(`${remote} cannot take ${shellClash.path}: the shell owns it`);

  await updateSiteManifest(intoSite, siteInfo, (manifest) => {
    for (const other of manifest.remotes) {
      if (other.id === remote) continue;
      const clash = other.routes.find((route) => definitions.some((mine) => mine.path === route.path));
      if (clash) throw new Error(`${remote} cannot take ${clash.path}: ${other.id} owns it`);
      // The shell fills a slot from one remote only; two claiming it would be a coin toss.
      const slotClash = other.slots?.find((slot) => slots?.includes(slot));
      if (slotClash) throw new Error(`${remote} cannot fill slot ${slotClash}: ${other.id} fills it`);
    }
    const entry: RemoteEntry = {
      id: remote,
      entry: `/remotes/${remote}/${version}/mf-manifest.json`,
      version,
      routes: definitions,
      ...(slots && { slots }),
      ...(nav && { nav }),
    };
    const remotes = manifest.remotes.filter((r) => r.id !== remote);
    remotes.push(entry);
    remotes.sort(byRemoteOrder);
    return { ...manifest, remotes };
  });

  const old = readdirSync(remoteDir)
    .filter((name) => name !== version && statSync(join(remoteDir, name)).isDirectory())
    .sort((a, b) => statSync(join(remoteDir, b)).mtimeMs - statSync(join(remoteDir, a)).mtimeMs)
    .slice(keptVersions - 1);
  for (const name of old) rmSync(join(remoteDir, name), { recursive: true, force: true });

  console.log(
    `deployed ${remote} ${version} (${definitions.length} routes, ${prerendered} prerendered) in ${Date.now() - started} ms`,
  );
  return version;
}

export async function main(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' } },
  });
  const remote = positionals[0];
  if (!remote || !isRemoteId(remote)) {
    console.error(`usage: npm run deploy:remote -- <${remoteIds.join('|')}> [--from <folder>]`);
    process.exit(2);
  }
  const from = values.from ? resolve(values.from) : undefined;
  if (from && !existsSync(join(from, 'rspack.config.ts'))) {
    console.error(`${from} has no rspack.config.ts`);
    process.exit(2);
  }
  try {
    await deployRemote(remote, from);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
