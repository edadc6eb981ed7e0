import type { CreditOrder, CreditPackageId } from '@ukd/contracts/api';
import type { CreditOrderRow } from '../db/billing-schema';
import { findPackage, formatAmount } from './catalogue';

/** TrustPay result codes the member may see, in plain words. */
const FAILURE_REASONS: Record<string, string> = {
  '1005': 'You cancelled the payment.',
  '1007': 'Your card has insufficient funds. Try another card or a smaller package.',
  '1014': 'Your bank declined the card. Try another card or contact your bank.',
};
const GENERIC_FAILURE = 'The payment did not go through. Nothing was charged; please try again.';

export function failureReason(code: string | null): string | null {
  if (code === null) return null;
  return FAILURE_REASONS[code] ?? GENERIC_FAILURE;
}

export function toCreditOrder(row: CreditOrderRow): CreditOrder {
  return {
    reference: row.reference,
    package_id: row.packageId as CreditPackageId,
    package_name: findPackage(row.packageId)?.name ?? row.packageId,
    kind: row.kind,
    credits: row.credits,
    amount: formatAmount(row.amountPence),
    currency: row.currency,
    status: row.status,
    failure_reason: row.status === 'failed' ? failureReason(row.failureCode) : null,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
