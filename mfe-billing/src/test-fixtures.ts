// Fixtures of the billing page tests (imported by *.test.tsx only).
import { baseApi } from '@ukd/api-client/rtk';
import type { RemoteRegistration, ShellContext } from '@ukd/contracts';
import type { CreditOrder, CreditPackage, CreditPackagesResponse } from '@ukd/contracts/api';
import './billing-api';
import { register } from './register';

const pack = (
  p: Partial<CreditPackage> & Pick<CreditPackage, 'id' | 'kind' | 'name' | 'credits' | 'amount'>,
): CreditPackage => ({
  description: '',
  amount_pence: Math.round(Number(p.amount) * 100),
  currency: 'GBP',
  price_per_credit_pence: null,
  best_value: false,
  duration_hours: null,
  offer_event: null,
  ...p,
});

export const PACKAGES: CreditPackagesResponse = {
  data: {
    packages: [
      pack({
        id: 'credits-20',
        kind: 'credits',
        name: '20 credits',
        credits: 20,
        amount: '9.99',
        price_per_credit_pence: 50,
      }),
      pack({
        id: 'credits-50',
        kind: 'credits',
        name: '50 credits',
        credits: 50,
        amount: '19.99',
        price_per_credit_pence: 40,
      }),
      pack({
        id: 'credits-120',
        kind: 'credits',
        name: '120 credits',
        credits: 120,
        amount: '39.99',
        price_per_credit_pence: 33.3,
      }),
      pack({
        id: 'credits-300',
        kind: 'credits',
        name: '300 credits',
        credits: 300,
        amount: '79.99',
        price_per_credit_pence: 26.7,
        best_value: true,
      }),
      pack({
        id: 'pass-24h',
        kind: 'pass',
        name: '24-hour unlimited pass',
        credits: 0,
        amount: '14.99',
        duration_hours: 24,
        description: 'Send every message free for 24 hours.',
      }),
      pack({
        id: 'vip-monthly',
        kind: 'vip',
        name: 'VIP for a month',
        credits: 100,
        amount: '29.99',
        duration_hours: 720,
      }),
    ],
    message_prices: { text: 1, image: 2, wink: 1, trigger: 1 },
    vat_included: true,
  },
};

export function order(overrides: Partial<CreditOrder> = {}): CreditOrder {
  return {
    reference: 'FL0123456789ABCDEF0123',
    package_id: 'credits-50',
    package_name: '50 credits',
    kind: 'credits',
    credits: 50,
    amount: '19.99',
    currency: 'GBP',
    status: 'pending',
    failure_reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: null,
    ...overrides,
  };
}

/**
 * What the shell and the route loader do before a billing page that calls the API renders:
 * `register`, then RTK Query joins the store (`withBillingApi`). Page tests render the page
 * module directly, so they do both here.
 */
export function registerForPage(shell: ShellContext): RemoteRegistration {
  const registration = register(shell);
  shell.installBaseApi(baseApi);
  return registration;
}
