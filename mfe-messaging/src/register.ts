import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { nav } from './nav';
import { routes } from './routes';

/**
 * Routes only: this remote's pages keep their own live-merged state (see README), so it installs
 * no RTK Query endpoints and a cold /messages does not download RTK Query.
 */
export function register(_shell: ShellContext): RemoteRegistration {
  return { id: 'mfe-messaging', routes: routeDefinitions(routes), nav };
}
