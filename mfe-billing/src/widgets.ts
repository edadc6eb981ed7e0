import type { RemoteWidgets } from '@ukd/federation/remote-widgets';
import { withBillingApi } from './billing-api-install';

/**
 * The widgets billing offers for the shell's slots. `register` hands them to the shell and the
 * deploy writes their slot names into the site manifest; each widget's code loads only when
 * its slot shows.
 */
export const widgets: RemoteWidgets = {
  'top-bar-promo': () => import('./widgets/promo-badge-widget'),
  'seasonal-popup': withBillingApi(() => import('./widgets/seasonal-offer-widget')),
};
