import { readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import {
  type PrerenderedFrame,
  type PrerenderedPage,
  type PrerenderedUnit,
  prerenderedFileName,
  type SiteManifest,
} from '@ukd/contracts';

/** A prerendered page ready to put in the shell's document: its chrome and stylesheet URLs. */
export interface FoundPage {
  page: PrerenderedPage;
  frame: PrerenderedFrame;
  styles: string[];
  siteName: string;
  consentBanner?: PrerenderedUnit['consentBanner'];
}

interface Loaded {
  /** What the answer depends on: a deploy of the shell or of any remote changes it. */
  version: string;
  siteName: string;
  pages: Map<string, { page: PrerenderedPage; styles: string[] }>;
  frames: PrerenderedUnit['frames'];
  consentBanner: PrerenderedUnit['consentBanner'];
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function readUnit(file: string): PrerenderedUnit | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PrerenderedUnit;
  } catch {
    // Not prerendered (an older build, a unit with no public pages) or being written.
    return null;
  }
}

/** The address as pages are keyed: decoded, lower case, no trailing slash. */
export function pageKey(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Left as it came: it will match no page.
  }
  path = path.toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The prerendered pages of the site as deployed now: each remote's `prerendered.json` beside the
 * `mf-manifest.json` the site manifest names, and the shell's beside its `index.html`, with the
 * shell's frame for each layout. Re-read when a deploy replaces the site manifest or the shell.
 */
export function createPrerenderedPages(siteDir: string) {
  const manifestFile = join(siteDir, 'site-manifest.json');
  const shellFile = join(siteDir, 'shell', prerenderedFileName);
  let loaded: Loaded | null = null;

  function load(): Loaded {
    const version = `${mtimeOf(manifestFile)}:${mtimeOf(shellFile)}`;
    if (loaded?.version === version) return loaded;
    let manifest: Partial<SiteManifest> = {};
    try {
      manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Partial<SiteManifest>;
    } catch {
      // No manifest yet, or one being replaced: the shell's own pages only, until the next read.
    }
    const pages: Loaded['pages'] = new Map();
    const add = (unit: PrerenderedUnit | null, base: string) => {
      const styles = (unit?.styles ?? []).map((style) => posix.join(base, style));
      for (const page of unit?.pages ?? []) pages.set(pageKey(page.path), { page, styles });
    };
    for (const remote of manifest.remotes ?? []) {
      // Remotes served from elsewhere (an absolute entry) keep their pages there.
      if (typeof remote.entry !== 'string' || !remote.entry.startsWith('/')) continue;
      const base = posix.dirname(remote.entry);
      add(readUnit(join(siteDir, base, prerenderedFileName)), base);
    }
    const shell = readUnit(shellFile);
    add(shell, '/shell');
    loaded = {
      version,
      siteName: manifest.site?.name ?? '',
      pages,
      frames: shell?.frames,
      consentBanner: shell?.consentBanner,
    };
    return loaded;
  }

  return {
    /** Changes whenever any prerendered page may have. */
    version: () => load().version,
    find(pathname: string): FoundPage | null {
      const { pages, frames, siteName, consentBanner } = load();
      const found = pages.get(pageKey(pathname));
      if (!found) return null;
      const frame = found.page.frame ?? frames?.[found.page.layout];
      // Without the shell's chrome the page would jump when the shell draws it: serve no markup.
      if (!frame) return null;
      return {
        page: found.page,
        frame,
        styles: found.styles,
        siteName,
        ...(consentBanner && { consentBanner }),
      };
    },
  };
}
