import type { RemoteEntry, RouteDefinition, SiteManifest } from '@ukd/contracts';
import { matchRoutes } from 'react-router';

export interface RouteMatch {
  route: RouteDefinition;
  remote: RemoteEntry;
  params: Record<string, string | undefined>;
}

/** Answers "which remote owns this path, and how is it shown", from the site manifest alone. */
export function createRouteTable(manifest: SiteManifest) {
  const entries = manifest.remotes.flatMap((remote) =>
    remote.routes.map((route) => ({ path: route.path, route, remote })),
  );

  return {
    match(pathname: string): RouteMatch | null {
      const [best] = matchRoutes(entries, pathname) ?? [];
      if (!best) return null;
      return { route: best.route.route, remote: best.route.remote, params: best.params };
    },
    remote(id: string): RemoteEntry | undefined {
      return manifest.remotes.find((remote) => remote.id === id);
    },
  };
}

export type RouteTable = ReturnType<typeof createRouteTable>;
