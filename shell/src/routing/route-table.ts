import type { RemoteEntry, RouteDefinition, SiteManifest } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { matchRoutes } from 'react-router';

/** A path the shell renders itself, or one a remote renders. */
export type RouteMatch =
  | { route: RemoteRoute; remote?: undefined; params: Record<string, string | undefined> }
  | { route: RouteDefinition; remote: RemoteEntry; params: Record<string, string | undefined> };

/** The first segment of a path as react-router compares it: decoded, in any case. */
function firstSegment(pathname: string): string {
  const first = pathname.split('/').find(Boolean) ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/** A route's first segment when it is fixed text; null when it matches many (`:param`, `*`, `seg?`, none). */
function fixedFirstSegment(routePath: string): string | null {
  const first = routePath.split('/').find(Boolean);
  return first === undefined || /^:|\*|\?$/.test(first) ? null : firstSegment(first);
}

/** Answers "who owns this path, and how is it shown", from the site manifest and the shell's own pages. */
export function createRouteTable(manifest: SiteManifest, shellPages: RemoteRoute[] = []) {
  const entries = [
    ...shellPages.map((route) => ({ path: route.path, route, remote: undefined })),
    ...manifest.remotes.flatMap((remote) =>
      remote.routes.map((route) => ({ path: route.path, route, remote })),
    ),
  ].map((entry) => ({ ...entry, first: fixedFirstSegment(entry.path) }));

  return {
    match(pathname: string): RouteMatch | null {
      // matchRoutes ranks every route it is given and builds a regular expression for each, on
      // every call: the links of a page of cards asked it two dozen times in one idle moment, a
      // long task on a phone. Routes whose first segment differs cannot match; the rest keep
      // their order, which decides between routes of equal rank.
      const first = firstSegment(pathname);
      const candidates = entries.filter((entry) => entry.first === null || entry.first === first);
      const [best] = matchRoutes(candidates, pathname) ?? [];
      if (!best) return null;
      const { route, remote } = best.route;
      return remote
        ? { route, remote, params: best.params }
        : { route: route as RemoteRoute, params: best.params };
    },
  };
}

export type RouteTable = ReturnType<typeof createRouteTable>;
