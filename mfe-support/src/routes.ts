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
  // The support area: helpdesk articles, help requests (members see theirs), reports, contact.
  {
    path: '/helpdesk',
    title: 'Helpdesk',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/helpdesk/helpdesk-page'),
  },
  {
    path: '/helpdesk/requests',
    title: 'Your help requests',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/requests/requests-page'),
  },
  {
    path: '/helpdesk/requests/:reference',
    title: 'Help request',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/requests/request-page'),
  },
  {
    path: '/helpdesk/:slug',
    title: 'Helpdesk',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/helpdesk/help-article-page'),
  },
  {
    path: '/submit-request',
    title: 'Send us a request',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/submit-request-page'),
  },
  {
    path: '/report-abuse',
    title: 'Report abuse',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/report-abuse-page'),
  },
  {
    path: '/contact',
    title: 'Contact us',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/contact-page'),
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
