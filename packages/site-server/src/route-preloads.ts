import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteEntry, shellRoutes } from '@ukd/contracts';
import { type RemoteFile, remoteFirstFiles } from '@ukd/contracts/remote-files';
import { fromDeployedManifest, remotesOf } from './deployed-manifest';
import { escapeHtml } from './html-text';
import { matches, safeDecode, segments } from './page-routes';

/**
 * The head tags for `preloads`. The manifest is fetched by the federation runtime (CORS mode,
 * same-origin credentials), so its preload says `crossorigin` or the browser fetches it twice.
 */
export const preloadTags = (preloads: RemoteFile[]) =>
  preloads
    .map(
      ({ href, as }) =>
        `<link rel="preload" href="${escapeHtml(href)}" as="${as}"${as === 'fetch' ? ' crossorigin' : ''}>`,
    )
    .join('');

/**
 * The same list for `start-after-paint.js` on a prerendered page (`as:href` pairs, by spaces),
 * which adds them when it starts the shell, after the page has painted.
 */
export const preloadAttribute = (preloads: RemoteFile[]) =>
  preloads.map(({ href, as }) => `${as}:${href}`).join(' ');

/** How specific a route pattern is: static segments beat parameters, which beat `*`. */
const rank = (pattern: string[]) =>
  pattern.reduce(
    (score, part) => score + (part === '*' ? 0 : part.startsWith(':') ? (part.endsWith('?') ? 1 : 2) : 3),
    0,
  );

/**
 * Issue 15: "preload what the route needs, nothing more". For a page a remote draws, the head
 * names that remote's `mf-manifest.json`, its `remoteEntry.js` and the chunks of its `register`
 * and `app` modules, which the shell would otherwise discover one after another (manifest, then
 * entry, then chunks) after its own script has run. Nothing for the shell's own pages or for
 * another remote. The site manifest is re-read when a deploy replaces it; a remote's manifest
 * sits in its versioned folder and never changes.
 */
export function createRoutePreloads(siteDir: string) {
  // Being rewritten by a deploy: no hints this time.
  const remotes = fromDeployedManifest(siteDir, remotesOf, () => []);
  const byEntry = new Map<string, RemoteFile[]>();

  function ownerOf(pathname: string): RemoteEntry | undefined {
    const path = segments(safeDecode(pathname));
    if (shellRoutes.some((route) => matches(segments(route.path), path))) return undefined;
    let best: { remote: RemoteEntry; score: number } | undefined;
    for (const remote of remotes()) {
      for (const route of Array.isArray(remote.routes) ? remote.routes : []) {
        if (typeof route?.path !== 'string') continue;
        const pattern = segments(route.path);
        if (!matches(pattern, path)) continue;
        const score = rank(pattern);
        if (!best || score > best.score) best = { remote, score };
      }
    }
    return best?.remote;
  }

  function preloadsOf(entry: string): RemoteFile[] {
    let preloads = byEntry.get(entry);
    if (preloads) return preloads;
    try {
      preloads = remoteFirstFiles(entry, JSON.parse(readFileSync(join(siteDir, entry), 'utf8')));
    } catch {
      return [];
    }
    byEntry.set(entry, preloads);
    return preloads;
  }

  return {
    /** What `pathname`'s remote needs first and a key naming it (its deployed version); null for none. */
    find(pathname: string): { key: string; preloads: RemoteFile[] } | null {
      const remote = ownerOf(pathname);
      if (typeof remote?.entry !== 'string') return null;
      const preloads = preloadsOf(remote.entry);
      return preloads.length ? { key: remote.entry, preloads } : null;
    },
  };
}
