import type { RouteDefinition } from '@ukd/contracts';
import type { ComponentType } from 'react';

/** A route as a remote declares it: the manifest record plus the page that renders it. */
export interface RemoteRoute extends RouteDefinition {
  page: () => Promise<{ default: ComponentType }>;
}

/** The serialisable part, for `register` and the site manifest. */
export function routeDefinitions(routes: readonly RemoteRoute[]): RouteDefinition[] {
  return routes.map(({ page: _page, ...definition }) => definition);
}
