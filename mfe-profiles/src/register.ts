import { baseApi } from '@ukd/api-client/rtk';
import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { nav } from './nav';
import './profiles-api';
import { routes } from './routes';

export function register(shell: ShellContext): RemoteRegistration {
  // RTK Query's reducer and middleware join the store once for the page; importing
  // `profiles-api` above has injected this remote's endpoints into it.
  shell.installBaseApi(baseApi);
  return { id: 'mfe-profiles', routes: routeDefinitions(routes), nav };
}
