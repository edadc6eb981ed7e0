import { mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteInfo, SiteManifest } from '@ukd/contracts';
import { precompressFile } from '@ukd/site-server/precompress';

export const manifestName = 'site-manifest.json';

export function readSiteManifest(siteDir: string, fallbackSite: SiteInfo): SiteManifest {
  try {
    return JSON.parse(readFileSync(join(siteDir, manifestName), 'utf8')) as SiteManifest;
  } catch {
    return { site: fallbackSite, remotes: [] };
  }
}

/**
 * Read-modify-write of the site manifest under a lock (two teams may deploy at once), written
 * to a temporary file and renamed, so the server never serves a half-written manifest.
 */
export async function updateSiteManifest(
  siteDir: string,
  fallbackSite: SiteInfo,
  change: (manifest: SiteManifest) => SiteManifest,
): Promise<SiteManifest> {
  mkdirSync(siteDir, { recursive: true });
  const lock = join(siteDir, '.manifest.lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - started > 60_000)
        throw new Error(`Timed out waiting for ${lock}; remove it if no deploy is running`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const next = change(readSiteManifest(siteDir, fallbackSite));
    const temporary = join(siteDir, `.${manifestName}.${process.pid}.tmp`);
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
    renameSync(temporary, join(siteDir, manifestName));
    // Under the lock, so two deploys cannot leave the compressed copies of the older manifest.
    // Until they are written the server sends the plain file: older copies are ignored.
    await precompressFile(join(siteDir, manifestName));
    return next;
  } finally {
    rmdirSync(lock);
  }
}
