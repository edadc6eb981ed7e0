import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { routes } from './routes';

export function register(_shell: ShellContext): RemoteRegistration {
  return { id: 'mfe-support', routes: routeDefinitions(routes) };
}
