import type { RemoteRoute } from '@ukd/federation/remote-routes';

/** The public help and legal pages. Each page's code loads only when its route is shown. */
export const routes: RemoteRoute[] = [
  {
    path: '/faq',
    title: 'Frequently asked questions',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/faq-page'),
  },
  {
    path: '/privacy',
    title: 'Privacy notice',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/privacy-page'),
  },
  {
    path: '/terms-of-use',
    title: 'Terms of use',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/terms-page'),
  },
  {
    path: '/2257-notice',
    title: '18 U.S.C. 2257 statement',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/notice-2257-page'),
  },
  {
    path: '/affiliates',
    title: 'Affiliate programme',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/affiliates-page'),
  },
  {
    path: '/no-affiliate',
    title: 'Flirtlane without affiliate tracking',
    access: 'guest',
    layout: 'guest-no-affiliate',
    page: () => import('./pages/no-affiliate-page'),
  },
];
