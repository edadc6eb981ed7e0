import type { RemoteRoute } from '@ukd/federation/remote-routes';

/** A route is listed here only once its page exists; browse, profiles and lists follow. */
export const routes: RemoteRoute[] = [
  {
    path: '/account',
    title: 'Account settings',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/account/account-page'),
  },
];
