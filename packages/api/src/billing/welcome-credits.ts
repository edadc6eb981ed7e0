import type { DbOrTx } from '../messaging/credit-ledger';
import { appendCredits } from '../messaging/credit-ledger';

/** The ledger's (provider, txn_id) for the welcome grant: unique, so it is granted once per member. */
export const WELCOME_PROVIDER = 'welcome';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Grants the welcome credits as one ledger entry. Confirming twice, or two confirmations racing,
 * meet the ledger's unique (provider, txn_id) and grant nothing more. Answers the new balance,
 * or null when nothing was granted.
 */
export async function grantWelcomeCredits(
  db: DbOrTx,
  userId: number,
  credits: number,
): Promise<number | null> {
  if (credits <= 0) return null;
  try {
    const entry = await appendCredits(db, {
      userId,
      delta: credits,
      reason: 'promotion',
      reference: 'welcome',
      provider: WELCOME_PROVIDER,
      txnId: `user:${userId}`,
    });
    return entry?.balance ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
