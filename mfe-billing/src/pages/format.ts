import type { CreditPackage } from '@ukd/contracts/api';

/** `"19.99"` → `£19.99` (prices come from the API as TrustPay's AMT). */
export const pounds = (amount: string) => `£${amount}`;

export const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** What a package gives, in a few words. */
export function packageSummary(p: Pick<CreditPackage, 'kind' | 'credits'>): string {
  if (p.kind === 'pass') return 'Unlimited messages for 24 hours';
  if (p.kind === 'vip') return `VIP for 30 days, with ${credits(p.credits)}`;
  return credits(p.credits);
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
export const when = (iso: string) => dateTime.format(new Date(iso));
