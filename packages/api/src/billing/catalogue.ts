import type { CreditPackage, CreditPackageId } from '@ukd/contracts/api';

/**
 * The price list. The server owns every price: an order names a package id and the amount is
 * copied from here, so a client cannot change what it pays. GBP, VAT (20%) included.
 */
interface PackageDefinition {
  id: CreditPackageId;
  kind: CreditPackage['kind'];
  name: string;
  description: string;
  credits: number;
  amountPence: number;
  durationHours: number | null;
  /** A seasonal offer: listed and sold only while the site runs an event. */
  seasonal?: true;
}

export const PASS_HOURS = 24;
export const VIP_DAYS = 30;
/** Credits VIP adds each month it is bought (design: docs/billing.md). */
export const VIP_MONTHLY_CREDITS = 100;

const DEFINITIONS: readonly PackageDefinition[] = [
  {
    id: 'credits-20',
    kind: 'credits',
    name: '20 credits',
    description: 'Try it out.',
    credits: 20,
    amountPence: 999,
    durationHours: null,
  },
  {
    id: 'credits-50',
    kind: 'credits',
    name: '50 credits',
    description: 'For a few conversations.',
    credits: 50,
    amountPence: 1999,
    durationHours: null,
  },
  {
    id: 'credits-120',
    kind: 'credits',
    name: '120 credits',
    description: 'Our most popular package.',
    credits: 120,
    amountPence: 3999,
    durationHours: null,
  },
  {
    id: 'credits-300',
    kind: 'credits',
    name: '300 credits',
    description: 'The lowest price per credit.',
    credits: 300,
    amountPence: 7999,
    durationHours: null,
  },
  {
    id: 'pass-24h',
    kind: 'pass',
    name: '24-hour unlimited pass',
    description: 'Send every message free for 24 hours.',
    credits: 0,
    amountPence: 1499,
    durationHours: PASS_HOURS,
  },
  {
    id: 'vip-monthly',
    kind: 'vip',
    name: 'VIP for a month',
    description: `${VIP_MONTHLY_CREDITS} credits, free winks and VIP status for 30 days. Does not renew by itself.`,
    credits: VIP_MONTHLY_CREDITS,
    amountPence: 2999,
    durationHours: VIP_DAYS * 24,
  },
  // Seasonal gift boxes (SPEC: 1000 and 2500 credits; the second popup adds 1000 free).
  {
    id: 'offer-1000',
    kind: 'credits',
    name: '1,000 credit gift box',
    description: '1,000 credits at 40% off the usual best price per credit.',
    credits: 1000,
    amountPence: 15999,
    durationHours: null,
    seasonal: true,
  },
  {
    id: 'offer-2500',
    kind: 'credits',
    name: '2,500 credit gift box',
    description: '1,500 credits plus 1,000 free.',
    credits: 2500,
    amountPence: 23999,
    durationHours: null,
    seasonal: true,
  },
];

export type CatalogueEntry = PackageDefinition;

export function findPackage(id: string): CatalogueEntry | undefined {
  return DEFINITIONS.find((p) => p.id === id);
}

/** TrustPay's AMT: pounds with two decimals. */
export function formatAmount(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** `"19.99"` → 1999; anything else (signs, exponents, three decimals) → null. */
export function parseAmount(amt: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(amt);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const perCredit = (p: PackageDefinition) =>
  p.credits > 0 ? p.amountPence / p.credits : Number.POSITIVE_INFINITY;

/**
 * What the site sells now: the regular packages, plus the seasonal offers while `event` runs.
 * "Best value" is the regular credit package with the lowest price per credit (offers are
 * cheaper still, but come and go).
 */
export function packageList(event: string | null): CreditPackage[] {
  const creditPacks = DEFINITIONS.filter((p) => p.kind === 'credits' && !p.seasonal);
  const best = creditPacks.reduce((a, b) => (perCredit(b) < perCredit(a) ? b : a));
  const onSale = DEFINITIONS.filter((p) => !p.seasonal || event !== null);
  return onSale.map((p) => ({
    id: p.id,
    kind: p.kind,
    name: p.name,
    description: p.description,
    credits: p.credits,
    amount_pence: p.amountPence,
    amount: formatAmount(p.amountPence),
    currency: 'GBP',
    price_per_credit_pence: p.kind === 'credits' ? Math.round(perCredit(p) * 10) / 10 : null,
    best_value: p === best,
    duration_hours: p.durationHours,
    offer_event: p.seasonal ? event : null,
  }));
}
