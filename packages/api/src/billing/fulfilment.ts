import { eq, sql } from 'drizzle-orm';
import { type CreditOrderRow, vipMemberships } from '../db/billing-schema';
import { users } from '../db/schema';
import { appendCredits, type DbOrTx } from '../messaging/credit-ledger';
import { PASS_HOURS, VIP_DAYS } from './catalogue';

/** What a committed notification changed, for the realtime events and the receipt sent afterwards. */
export interface Fulfilment {
  userId: number;
  creditsDelta: number;
  balance: number;
  /** The pass's new end when it changed (bought or ended by a refund). */
  passUntil?: Date | null;
}

/**
 * Delivers a paid order inside the notification's transaction: the ledger entry (unique per
 * provider transaction, so a duplicate cannot credit twice), then the pass or VIP time.
 * Passes and VIP write a 0-credit ledger entry too: the ledger then records every purchase.
 */
export async function deliverOrder(tx: DbOrTx, order: CreditOrderRow, txnId: string): Promise<Fulfilment> {
  const entry = await appendCredits(tx, {
    userId: order.userId,
    delta: order.credits,
    reason: 'purchase',
    reference: `order:${order.reference}`,
    provider: order.provider,
    txnId,
  });
  if (!entry) throw new Error(`member ${order.userId} of order ${order.reference} is gone`);
  const result: Fulfilment = { userId: order.userId, creditsDelta: order.credits, balance: entry.balance };
  if (order.kind === 'pass') {
    // A pass bought while one runs extends it rather than overlapping.
    const [row] = await tx
      .update(users)
      .set({
        unliMessageUntil: sql`greatest(coalesce(${users.unliMessageUntil}, now()), now()) + make_interval(hours => ${PASS_HOURS})`,
      })
      .where(eq(users.id, order.userId))
      .returning({ until: users.unliMessageUntil });
    result.passUntil = row?.until ?? null;
  }
  if (order.kind === 'vip') {
    await tx
      .insert(vipMemberships)
      .values({ userId: order.userId, until: sql`now() + make_interval(days => ${VIP_DAYS})` })
      .onConflictDoUpdate({
        target: vipMemberships.userId,
        set: {
          until: sql`greatest(${vipMemberships.until}, now()) + make_interval(days => ${VIP_DAYS})`,
          updatedAt: sql`now()`,
        },
      });
  }
  return result;
}

/**
 * Takes back what a refunded or charged-back order gave: a negative ledger entry (the balance
 * may go below zero, and shows as 0), the pass ends now, VIP loses the bought month.
 */
export async function reverseOrder(tx: DbOrTx, order: CreditOrderRow, txnId: string): Promise<Fulfilment> {
  const entry = await appendCredits(
    tx,
    {
      userId: order.userId,
      delta: -order.credits,
      reason: 'refund',
      reference: `order:${order.reference}`,
      provider: order.provider,
      txnId,
    },
    { allowNegative: true },
  );
  if (!entry) throw new Error(`member ${order.userId} of order ${order.reference} is gone`);
  const result: Fulfilment = { userId: order.userId, creditsDelta: -order.credits, balance: entry.balance };
  if (order.kind === 'pass') {
    const [row] = await tx
      .update(users)
      .set({ unliMessageUntil: sql`least(${users.unliMessageUntil}, now())` })
      .where(eq(users.id, order.userId))
      .returning({ until: users.unliMessageUntil });
    result.passUntil = row?.until ?? null;
  }
  if (order.kind === 'vip') {
    await tx
      .update(vipMemberships)
      .set({
        until: sql`${vipMemberships.until} - make_interval(days => ${VIP_DAYS})`,
        updatedAt: sql`now()`,
      })
      .where(eq(vipMemberships.userId, order.userId));
  }
  return result;
}
