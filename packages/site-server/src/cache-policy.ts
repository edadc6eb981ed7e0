import { basename } from 'node:path';

/** Files whose name stays the same across deploys: they must be revalidated every time. */
const entryPoints = new Set([
  'index.html',
  'site-manifest.json',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
]);

/**
 * Entry points are revalidated on every load so a deploy is seen at once; everything else is
 * content-hashed (or in a versioned remote folder) and can be cached for a year.
 */
export function cacheControlFor(filePath: string): string {
  return entryPoints.has(basename(filePath)) ? 'no-cache' : 'public, max-age=31536000, immutable';
}
