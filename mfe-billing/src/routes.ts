import { BILLING_PATHS } from '@ukd/contracts/api/constants';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { withBillingApi } from './billing-api-install';

const paymentStatus = withBillingApi(() => import('./pages/payment-status-page'));

/** Billing pages. Each page's code loads only when its route is shown. */
export const routes: RemoteRoute[] = [
  {
    path: '/how-to-pay',
    title: 'How to pay',
    access: 'public',
    layout: 'default',
    page: () => import('./pages/how-to-pay-page'),
  },
  {
    path: BILLING_PATHS.prices,
    title: 'Prices',
    access: 'public',
    layout: 'default',
    page: withBillingApi(() => import('./pages/prices-page')),
  },
  {
    path: BILLING_PATHS.choosePackage,
    title: 'Buy credits',
    access: 'member',
    layout: 'package',
    page: withBillingApi(() => import('./pages/choose-package-page')),
  },
  {
    path: BILLING_PATHS.checkout,
    title: 'Checkout',
    access: 'member',
    layout: 'package',
    page: withBillingApi(() => import('./pages/checkout-page')),
  },
  {
    path: BILLING_PATHS.paymentStatus,
    title: 'Payment',
    access: 'member',
    layout: 'package',
    page: paymentStatus,
  },
  {
    path: BILLING_PATHS.trustpayStatus,
    title: 'Payment',
    access: 'member',
    layout: 'package',
    page: paymentStatus,
  },
  {
    path: BILLING_PATHS.history,
    title: 'Purchase history',
    access: 'member',
    layout: 'default',
    page: withBillingApi(() => import('./pages/purchase-history-page')),
  },
  {
    path: BILLING_PATHS.vip,
    title: 'VIP',
    access: 'public',
    layout: 'package',
    name: 'vip',
    page: withBillingApi(() => import('./pages/vip-page')),
  },
];
