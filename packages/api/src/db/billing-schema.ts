import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

// Tables of the billing issue (#12), kept apart from schema.ts so the work merges cleanly.

/**
 * One checkout: a member buying one package. `reference` is the provider's REF (unique,
 * unguessable); `(user_id, client_key)` is unique, so a double click, Back or reload answers the
 * same order instead of a second one. Amount and currency are copied from the catalogue when the
 * order is made: a notification must match them exactly.
 */
export const creditOrders = pgTable(
  'credit_orders',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    packageId: text('package_id').notNull(),
    kind: text('kind', { enum: ['credits', 'pass', 'vip'] }).notNull(),
    credits: integer('credits').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded', 'charged_back'] })
      .notNull()
      .default('pending'),
    failureCode: text('failure_code'),
    providerTxnId: text('provider_txn_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credit_orders_client_key_unique').on(t.userId, t.clientKey),
    index('credit_orders_user_idx').on(t.userId, t.id),
    check('credit_orders_amount_positive', sql`${t.amountPence} > 0`),
  ],
);

/**
 * Every notification the provider sent that passed its signature check, once: `(provider,
 * txn_id, typ)` is unique, so a replay (or a parallel duplicate) finds its row taken and changes
 * nothing. Written in the same transaction as the order's state change and ledger entry.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    txnId: text('txn_id').notNull(),
    typ: text('typ').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => creditOrders.id, { onDelete: 'cascade' }),
    result: text('result').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_txn_unique').on(t.provider, t.txnId, t.typ)],
);

/** VIP membership: one row per member who ever bought VIP; `until` moves on with each month bought. */
export const vipMemberships = pgTable('vip_memberships', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CreditOrderRow = typeof creditOrders.$inferSelect;
