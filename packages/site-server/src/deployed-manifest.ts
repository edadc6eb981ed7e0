import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteManifest } from '@ukd/contracts';

/**
 * Something the server derives from the site manifest as deployed now (the pages that exist,
 * their remotes' preloads, the origins of remotes deployed elsewhere): derived once per version
 * of the file, again when a deploy replaces it. `derive` gets null while no site is deployed.
 * A manifest caught half-written gives `whileRewritten()` and is read again next time.
 */
export function fromDeployedManifest<T>(
  siteDir: string,
  derive: (manifest: Partial<SiteManifest> | null) => T,
  whileRewritten: () => T,
): () => T {
  const file = join(siteDir, 'site-manifest.json');
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      // Nothing deployed yet.
    }
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    let manifest: Partial<SiteManifest> | null = null;
    if (mtimeMs >= 0) {
      try {
        manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteManifest>;
      } catch {
        return whileRewritten();
      }
    }
    cached = { mtimeMs, value: derive(manifest) };
    return cached.value;
  };
}

/** The manifest's remotes, whatever shape the file has. */
export const remotesOf = (manifest: Partial<SiteManifest> | null) =>
  Array.isArray(manifest?.remotes) ? manifest.remotes : [];
