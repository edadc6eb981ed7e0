import type { RemoteRoute } from '@ukd/federation/remote-routes';

/** Billing pages. Each page's code loads only when its route is shown. */
export const routes: RemoteRoute[] = [
  {
    path: '/how-to-pay',
    title: 'How to pay',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/how-to-pay-page'),
  },
];
