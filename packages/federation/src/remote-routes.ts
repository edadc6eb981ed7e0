import type { PreloadData, RouteDefinition } from '@ukd/contracts';
import type { ComponentType } from 'react';

/** A route as a remote declares it: the manifest record plus the page that renders it. */
export interface RemoteRoute extends RouteDefinition {
  page: () => Promise<{ default: ComponentType }>;
  /**
   * Starts the page's first queries, with exactly the arguments the page will ask for, so its
   * first render finds them in flight or done (RTK Query shares one request per argument).
   */
  data?: (request: PageDataRequest) => void;
}

export interface PageDataRequest extends PreloadData {
  /** The route's parameters (`:uuid`). */
  params: Readonly<Record<string, string | undefined>>;
}

/** The serialisable part, for `register` and the site manifest. */
export function routeDefinitions(routes: readonly RemoteRoute[]): RouteDefinition[] {
  return routes.map(({ page: _page, data: _data, ...definition }) => definition);
}
