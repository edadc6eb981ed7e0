import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { nav } from './nav';
import { routes } from './routes';
import { widgets } from './widgets';

export function register(_shell: ShellContext): RemoteRegistration {
  return { id: 'mfe-billing', routes: routeDefinitions(routes), nav, widgets };
}
