import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteEntry, type SiteManifest, shellRoutes } from '@ukd/contracts';
import { escapeHtml } from './page-document';
import { matches, safeDecode, segments } from './page-routes';

/** What a remote's `mf-manifest.json` says about where its code is (the part used here). */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

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
  const manifestFile = join(siteDir, 'site-manifest.json');
  let site: { mtimeMs: number; remotes: RemoteEntry[] } | null = null;
  const linksByEntry = new Map<string, string[]>();

  function remotes(): RemoteEntry[] {
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(manifestFile).mtimeMs;
    } catch {
      return [];
    }
    if (site?.mtimeMs !== mtimeMs) {
      try {
        const { remotes } = JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<SiteManifest>;
        site = { mtimeMs, remotes: Array.isArray(remotes) ? remotes : [] };
      } catch {
        // Being rewritten by a deploy: no hints this time.
        return [];
      }
    }
    return site.remotes;
  }

  function ownerOf(pathname: string): RemoteEntry | undefined {
    const path = segments(safeDecode(pathname));
    if (shellRoutes.some((route) => matches(segments(route.path), path))) return undefined;
    let best: { remote: RemoteEntry; score: number } | undefined;
    for (const remote of remotes()) {
      for (const route of Array.isArray(remote.routes) ? remote.routes : []) {
        if (typeof route?.path !== 'string') continue;
        const pattern = segments(route.path);
        if (matches(pattern, path) && (!best || rank(pattern) > best.score))
          best = { remote, score: rank(pattern) };
      }
    }
    return best?.remote;
  }

  function linksFor(entry: string): string[] {
    let links = linksByEntry.get(entry);
    if (links) return links;
    const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
    let manifest: FederationManifest;
    try {
      manifest = JSON.parse(readFileSync(join(siteDir, entry), 'utf8')) as FederationManifest;
    } catch {
      return [];
    }
    const remoteEntry = manifest.metaData?.remoteEntry;
    // A manifest of another shape (an older plugin, a hand-made build) gives what it can.
    const exposed = (Array.isArray(manifest.exposes) ? manifest.exposes : []).filter((expose) =>
      ['./register', './app'].includes(expose?.path),
    );
    const files = (list: unknown): string[] =>
      Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string') : [];
    links = [
      `<link rel="preload" href="${escapeHtml(entry)}" as="fetch" crossorigin>`,
      ...(typeof remoteEntry?.name === 'string'
        ? [
            `<link rel="preload" href="${escapeHtml(`${folder}${remoteEntry.path ?? ''}${remoteEntry.name}`)}" as="script">`,
          ]
        : []),
      ...exposed.flatMap((expose) => [
        ...files(expose.assets?.css?.sync).map(
          (file) => `<link rel="preload" href="${escapeHtml(folder + file)}" as="style">`,
        ),
        ...files(expose.assets?.js?.sync).map(
          (file) => `<link rel="preload" href="${escapeHtml(folder + file)}" as="script">`,
        ),
      ]),
    ];
    linksByEntry.set(entry, links);
    return links;
  }

  return {
    /** The preload tags for `pathname`'s remote and a key naming them (its deployed version); null for none. */
    find(pathname: string): { key: string; links: string[] } | null {
      const remote = ownerOf(pathname);
      if (typeof remote?.entry !== 'string') return null;
      const links = linksFor(remote.entry);
      return links.length ? { key: remote.entry, links } : null;
    },
  };
}
