import type { SiteManifest } from '@ukd/contracts';

export const siteManifestUrl = '/site-manifest.json';

/**
 * The site manifest decides what the shell can show, so it is fetched fresh on every boot
 * (deploying a remote rewrites it) and checked just enough to fail with a clear message.
 */
export async function fetchSiteManifest(): Promise<SiteManifest> {
  const response = await fetch(siteManifestUrl, {
    cache: 'no-cache',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The site manifest answered ${response.status}`);
  const manifest = (await response.json()) as SiteManifest;
  if (!manifest?.site?.name || !Array.isArray(manifest.remotes))
    throw new Error('The site manifest is malformed');
  return manifest;
}
