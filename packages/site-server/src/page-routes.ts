import { shellRoutes } from '@ukd/contracts';
import { fromDeployedManifest, remotesOf } from './deployed-manifest';

/**
 * Whether a path is a page of the site: one of the shell's routes or a route a remote declares in
 * the site manifest. The browser gets the shell either way (it draws the 404 page itself); this
 * decides the status, so search engines and link checkers see 404 for an unknown address. The
 * manifest is re-read when a deploy replaces it.
 */
export function createPageRoutes(siteDir: string) {
  const patterns = fromDeployedManifest(
    siteDir,
    (manifest) =>
      [...shellRoutes, ...remotesOf(manifest).flatMap((remote) => remote.routes ?? [])].map((route) =>
        segments(route.path),
      ),
    // A manifest being rewritten: treat every path as a page rather than answer 404 wrongly.
    () => [segments('*')],
  );

  return {
    isPage(pathname: string): boolean {
      const path = segments(safeDecode(pathname));
      return patterns().some((pattern) => matches(pattern, path));
    },
  };
}

export const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);

export function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** React Router's rules for the patterns routes use: static segments, `:param`, `:param?` and `*`. */
export function matches(pattern: string[], path: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i] as string;
    if (part === '*') return true;
    if (part.startsWith(':') && part.endsWith('?')) {
      if (i >= path.length) return pattern.slice(i).every((rest) => rest.endsWith('?') || rest === '*');
      continue;
    }
    const segment = path[i];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return pattern.length === path.length;
}
