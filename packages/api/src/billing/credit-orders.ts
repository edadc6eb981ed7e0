import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { type CreditOrderRow, creditOrders } from '../db/billing-schema';
import type { Db } from '../db/database';
import { fieldError } from '../http/api-error';
import type { CatalogueEntry } from './catalogue';

/** An unguessable order reference, alphanumeric as TrustPay's REF wants. */
export function newReference(): string {
  return `FL${randomBytes(10).toString('hex').toUpperCase()}`;
}

/**
 * The member's order for this checkout: created once per `(member, client key)`, so a double
 * click, Back or reload answers the first order (and its single payment page) again.
 */
export async function openOrder(
  db: Db,
  input: { userId: number; clientKey: string; pack: CatalogueEntry; provider: string },
): Promise<CreditOrderRow> {
  await db
    .insert(creditOrders)
    .values({
      reference: newReference(),
      userId: input.userId,
      clientKey: input.clientKey,
      packageId: input.pack.id,
      kind: input.pack.kind,
      credits: input.pack.credits,
      amountPence: input.pack.amountPence,
      currency: 'GBP',
      provider: input.provider,
    })
    .onConflictDoNothing({ target: [creditOrders.userId, creditOrders.clientKey] });
  const [order] = await db
    .select()
    .from(creditOrders)
    .where(and(eq(creditOrders.userId, input.userId), eq(creditOrders.clientKey, input.clientKey)));
  if (!order) throw new Error('credit order vanished after insert');
  if (order.packageId !== input.pack.id) {
    throw fieldError('client_key', 'This checkout was started for another package; please start again.');
  }
  return order;
}

/** One of the member's orders; another member's reference finds nothing (the route answers 404). */
export async function memberOrder(
  db: Db,
  userId: number,
  reference: string,
): Promise<CreditOrderRow | undefined> {
  const [order] = await db
    .select()
    .from(creditOrders)
    .where(and(eq(creditOrders.reference, reference), eq(creditOrders.userId, userId)));
  return order;
}

export async function orderHistory(db: Db, userId: number, limit = 100): Promise<CreditOrderRow[]> {
  return db
    .select()
    .from(creditOrders)
    .where(eq(creditOrders.userId, userId))
    .orderBy(desc(creditOrders.id))
    .limit(limit);
}
