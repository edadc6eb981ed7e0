import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { landers } from './landers/catalog';
import { landerPage, pageRoutes } from './page-routes';

/**
 * Every route mfe-landers owns, for the site manifest (read when the remote deploys): its own
 * pages, then each lander's main path and its campaign aliases, which name the main path as
 * canonical.
 */
export const routes: RemoteRoute[] = [
  ...pageRoutes,
  ...landers.flatMap(({ paths: [main = '', ...aliases], name, title, description }) =>
    [main, ...aliases].map(
      (path): RemoteRoute => ({
        path,
        title,
        description,
        access: 'guest',
        layout: 'guest',
        ...(path === main ? (name ? { name } : {}) : { canonical: main }),
        page: landerPage,
      }),
    ),
  ),
];
