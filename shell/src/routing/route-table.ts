import type { RemoteEntry, RouteDefinition, SiteManifest } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { matchRoutes } from 'react-router';

/** A path the shell renders itself, or one a remote renders. */
export type RouteMatch =
  | { route: RemoteRoute; remote?: undefined; params: Record<string, string | undefined> }
  | { route: RouteDefinition; remote: RemoteEntry; params: Record<string, string | undefined> };

/** Answers "who owns this path, and how is it shown", from the site manifest and the shell's own pages. */
export function createRouteTable(manifest: SiteManifest, shellPages: RemoteRoute[] = []) {
  const entries = [
    ...shellPages.map((route) => ({ path: route.path, route, remote: undefined })),
    ...manifest.remotes.flatMap((remote) =>
      remote.routes.map((route) => ({ path: route.path, route, remote })),
    ),
  ];

  return {
    match(pathname: string): RouteMatch | null {
      const [best] = matchRoutes(entries, pathname) ?? [];
      if (!best) return null;
      const { route, remote } = best.route;
      return remote
        ? { route, remote, params: best.params }
        : { route: route as RemoteRoute, params: best.params };
    },
  };
}

export type RouteTable = ReturnType<typeof createRouteTable>;
