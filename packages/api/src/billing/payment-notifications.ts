import type { TrustpayNotification } from '@ukd/contracts/api';
import { eq, sql } from 'drizzle-orm';
import { type CreditOrderRow, creditOrders, paymentNotifications } from '../db/billing-schema';
import type { Db } from '../db/database';
import { ApiError, fieldError, validationFailed } from '../http/api-error';
import { parseAmount } from './catalogue';
import { deliverOrder, type Fulfilment, reverseOrder } from './fulfilment';
import type { PaymentProvider } from './payment-provider';

/** Notification types: a card payment, a refund, a chargeback. */
export const NOTIFICATION_TYPES = { payment: 'CRDT', refund: 'RFND', chargeback: 'CBCK' } as const;
/** TrustPay result codes: 0 success; 1–5 still in progress (pending, announced, authorised…). */
export const RESULT_SUCCESS = '0';
const IN_PROGRESS = new Set(['1', '2', '3', '4', '5']);

export interface NotificationResult {
  order: CreditOrderRow;
  /** Set when credits, a pass or VIP moved (publish and mail after commit). */
  fulfilment?: Fulfilment;
  outcome: 'paid' | 'failed' | 'reversed' | 'recorded';
}

const replayed = () => new ApiError(409, 'This notification was already processed.');

/**
 * Applies one provider notification. Everything is refused before anything is written unless
 * the signature, account, reference, amount and currency all check out; then, in ONE
 * transaction, the order row is locked, the notification is recorded (unique per provider
 * transaction and type: a replay or a parallel duplicate changes nothing and answers 409),
 * the order changes state and the ledger moves.
 */
export async function applyNotification(
  db: Db,
  provider: PaymentProvider,
  n: TrustpayNotification,
): Promise<NotificationResult> {
  if (!provider.verifyNotification(n)) throw new ApiError(403, 'The notification signature is invalid.');
  const typ = Object.values(NOTIFICATION_TYPES).find((t) => t === n.TYP);
  if (!typ) throw fieldError('TYP', 'The notification type is not supported.');
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(n.TID)) throw fieldError('TID', 'The transaction id is invalid.');

  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(creditOrders)
      .where(eq(creditOrders.reference, n.REF))
      .for('update');
    if (!order) throw new ApiError(404, 'Unknown order reference.');
    const errors: Record<string, string[]> = {};
    if (parseAmount(n.AMT) !== order.amountPence) errors.AMT = ['The amount does not match the order.'];
    if (n.CUR !== order.currency) errors.CUR = ['The currency does not match the order.'];
    if (Object.keys(errors).length) throw validationFailed(errors);

    const [recorded] = await tx
      .insert(paymentNotifications)
      .values({
        provider: order.provider,
        txnId: n.TID,
        typ,
        orderId: order.id,
        result: n.RES,
        payload: { ...n },
      })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (!recorded) throw replayed();

    const txnId = `${typ}:${n.TID}`;
    const move = (set: Partial<typeof creditOrders.$inferInsert>) =>
      tx
        .update(creditOrders)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(creditOrders.id, order.id))
        .returning();

    if (typ === NOTIFICATION_TYPES.payment) {
      if (n.RES === RESULT_SUCCESS) {
        // A second successful payment for a paid order is not delivered twice (an operator refunds it).
        if (order.status !== 'pending' && order.status !== 'failed') {
          throw new ApiError(409, 'This order is already paid.');
        }
        const [paid] = await move({
          status: 'paid',
          providerTxnId: n.TID,
          paidAt: new Date(),
          failureCode: null,
        });
        return { order: paid ?? order, fulfilment: await deliverOrder(tx, order, txnId), outcome: 'paid' };
      }
      if (IN_PROGRESS.has(n.RES) || order.status !== 'pending') return { order, outcome: 'recorded' };
      const [failed] = await move({ status: 'failed', failureCode: n.RES.slice(0, 16) });
      return { order: failed ?? order, outcome: 'failed' };
    }

    // Refund or chargeback: only a successful one for a paid order takes anything back.
    if (n.RES !== RESULT_SUCCESS) return { order, outcome: 'recorded' };
    if (order.status !== 'paid') throw new ApiError(409, 'Only a paid order can be refunded.');
    const status = typ === NOTIFICATION_TYPES.refund ? 'refunded' : 'charged_back';
    const [reversed] = await move({ status });
    return {
      order: reversed ?? order,
      fulfilment: await reverseOrder(tx, order, txnId),
      outcome: 'reversed',
    };
  });
}
