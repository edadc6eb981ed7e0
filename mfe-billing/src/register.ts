import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import { routeDefinitions } from '@ukd/federation/remote-routes';
import { provideShell } from './billing-api-install';
import { billingSlice, returnToSet, saveCheckout, selectBilling } from './billing-slice';
import { nav } from './nav';
import { routes } from './routes';
import { widgets } from './widgets';

const BUYING = new Set<string>([BILLING_PATHS.choosePackage, BILLING_PATHS.checkout]);

export function register(shell: ShellContext): RemoteRegistration {
  // RTK Query and billing's endpoints join the store when a page or widget that calls the API loads.
  provideShell(shell);
  shell.injectSlice(billingSlice);
  // The checkout outlives a reload of the tab: keep it in sessionStorage whenever it changes.
  let last = selectBilling(shell.store.getState());
  const unsubscribe = shell.store.subscribe(() => {
    const next = selectBilling(shell.store.getState());
    if (next === last) return;
    last = next;
    saveCheckout(next);
  });
  // A member sent to buy from a conversation (a send refused for credits, or Buy credits in the
  // top bar) goes back to it after paying, whatever link brought them (`?return=` also works).
  let previousPage: string | null = null;
  const stopWatchingRoutes = shell.bus.on('shell:route-changed', ({ pathname }) => {
    if (!BUYING.has(pathname)) {
      previousPage = pathname;
      return;
    }
    if (previousPage?.startsWith('/messages/')) shell.store.dispatch(returnToSet(previousPage));
  });
  return {
    id: 'mfe-billing',
    routes: routeDefinitions(routes),
    nav,
    widgets,
    dispose() {
      unsubscribe();
      stopWatchingRoutes();
    },
  };
}
