import { basename, extname } from 'node:path';

/** Files whose name stays the same across deploys: they must be revalidated every time. */
const entryPoints = new Set([
  'index.html',
  'site-manifest.json',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
]);

/**
 * Entry points and pages are revalidated on every load (a 304 when unchanged, by ETag) so a
 * deploy is seen at once; everything else is content-hashed (or in a versioned remote folder)
 * and can be cached for a year.
 */
export function cacheControlFor(filePath: string): string {
  return entryPoints.has(basename(filePath)) || extname(filePath).toLowerCase() === '.html'
    ? 'no-cache'
    : 'public, max-age=31536000, immutable';
}
