import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteInfo } from '@ukd/contracts';
import { repoRoot } from './build-unit';
import { deployRemote } from './deploy-remote';
import type { RemoteId } from './site-config';
import { readSiteManifest } from './site-manifest-file';

/** Folders and files that never feed a remote's bundle. */
const notSources = new Set(['node_modules', 'dist', '.data', '.site', 'test-results']);

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (notSources.has(name) || name.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(join(path, name)));
  }
  return newest;
}

/**
 * Dev mode for some remotes only: every other remote is served from a production build in the
 * dev site, deployed the first time and again only when its sources, the shared packages or the
 * lockfile changed since. Returns how it was served.
 */
export async function ensureProductionRemote(
  remote: RemoteId,
  siteDir: string,
  siteInfo: SiteInfo,
): Promise<'reused' | 'built'> {
  const entry = readSiteManifest(siteDir, siteInfo).remotes.find((r) => r.id === remote)?.entry;
  const builtManifest = entry && !entry.includes('/dev/') ? join(siteDir, entry) : undefined;
  if (builtManifest && existsSync(builtManifest)) {
    const sources = Math.max(
      newestChange(join(repoRoot, remote)),
      newestChange(join(repoRoot, 'packages')),
      newestChange(join(repoRoot, 'pnpm-lock.yaml')),
    );
    if (statSync(builtManifest).mtimeMs >= sources) return 'reused';
  }
  // Development serves the plain files and draws every page in the browser; compressing and
  // prerendering would only slow the start.
  await deployRemote(remote, join(repoRoot, remote), siteDir, { precompress: false, prerender: false });
  return 'built';
}
