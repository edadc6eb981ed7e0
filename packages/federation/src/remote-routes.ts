import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { RouteDefinition, ShellContext } from '@ukd/contracts';
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

export interface PageDataRequest {
  /** The route's parameters (`:uuid`). */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The shared store's dispatch, thunks included (RTK Query's `util.prefetch`). */
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  /** For calls outside the store (`shell.api`). */
  shell: ShellContext;
}

/** The serialisable part, for `register` and the site manifest. */
export function routeDefinitions(routes: readonly RemoteRoute[]): RouteDefinition[] {
  return routes.map(({ page: _page, data: _data, ...definition }) => definition);
}
