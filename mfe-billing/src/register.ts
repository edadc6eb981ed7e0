import { baseApi } from '@ukd/api-client/rtk';
import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import './billing-api';
import { billingSlice, saveCheckout, selectBilling } from './billing-slice';
import { routes } from './routes';
import { widgets } from './widgets';

export function register(shell: ShellContext): RemoteRegistration {
  // Importing `billing-api` above injected this remote's endpoints into the one RTK Query api.
  shell.installBaseApi(baseApi);
  shell.injectSlice(billingSlice);
  // The checkout outlives a reload of the tab: keep it in sessionStorage whenever it changes.
  let last = selectBilling(shell.store.getState());
  const unsubscribe = shell.store.subscribe(() => {
    const next = selectBilling(shell.store.getState());
    if (next === last) return;
    last = next;
    saveCheckout(next);
  });
  return {
    id: 'mfe-billing',
    routes: routeDefinitions(routes),
    widgets,
    dispose: unsubscribe,
  };
}
