import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

// Tables of the messaging issue (kept apart from schema.ts to avoid clashes).

/**
 * One conversation between two members (at most one per pair: `pair_low`/`pair_high` hold the
 * two ids in order). Star and "deleted for me" are per participant. `deleted_upto` is the last
 * message id hidden for that participant (they see only later messages, and the conversation
 * comes back to their list when one arrives).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    initiatorId: integer('initiator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pairLow: integer('pair_low').notNull(),
    pairHigh: integer('pair_high').notNull(),
    initiatorStar: boolean('initiator_star').notNull().default(false),
    recipientStar: boolean('recipient_star').notNull().default(false),
    initiatorDeletedUpto: bigint('initiator_deleted_upto', { mode: 'number' }),
    recipientDeletedUpto: bigint('recipient_deleted_upto', { mode: 'number' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Time of the last message (or creation): the list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.pairLow, t.pairHigh),
    // Each member's conversations in list order (starred first, then newest), one index per
    // role: the list reads the first page of each and merges them (messaging/conversation-page.ts).
    index('conversations_initiator_list_idx').on(t.initiatorId, t.initiatorStar, t.updatedAt, t.id),
    index('conversations_recipient_list_idx').on(t.recipientId, t.recipientStar, t.updatedAt, t.id),
    check('conversations_two_members', sql`${t.initiatorId} <> ${t.recipientId}`),
  ],
);

/**
 * A stored message. `id` comes from one sequence; inserts into one conversation are serialised
 * by a row lock on the conversation, so within a conversation ids increase in commit order and
 * `?after={id}` never skips one. `(from_id, client_msg_id)` is unique: a retried send finds the
 * original.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    clientMsgId: uuid('client_msg_id').notNull(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fromId: integer('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['text', 'image', 'wink', 'trigger'] }).notNull(),
    body: text('body'),
    /** Image messages: `{ file, width, height }` of the re-encoded JPEG in the photo store. */
    image: jsonb('image').$type<{ file: string; width: number; height: number }>(),
    price: integer('price').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_msg_unique').on(t.fromId, t.clientMsgId),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // A member's unread messages, and among them one conversation's (the list's unread_count):
    // only unread messages are in it, so counting one conversation's reads no others.
    index('messages_unread_idx').on(t.toId, t.conversationId).where(sql`${t.readAt} is null`),
    // No index on (from_id, created_at): no query asks for a member's messages by time, and every
    // send paid to keep one (migration 0014). A member's messages (their deletion, a retried send)
    // are found through the unique index above, which starts with from_id.
  ],
);

/**
 * Each member's message counters, kept by triggers on `messages`, `blocks` and `users` (migration
 * 0011): messages received, and those not yet read, from members not blocked either way. The
 * badges read them after every send and on every `/me`; counting the messages instead grew with
 * each unread one (a member with 500 unread made every message to them read 500 rows).
 */
export const memberMessageCounts = pgTable('member_message_counts', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  received: integer('received').notNull().default(0),
  unread: integer('unread').notNull().default(0),
});

/**
 * Append-only credit ledger (notes/uk-rules.md): every change of a member's credits is one row;
 * `users.credits` is a cached balance written in the same transaction as each row, and always
 * equals the sum of `delta`. Rows are never updated (a trigger refuses it); they go only with
 * the member (account deletion). `(provider, txn_id)` is unique, so a payment notification
 * delivered twice credits once.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** What the entry is for, e.g. `message:123`. */
    reference: text('reference'),
    provider: text('provider'),
    txnId: text('txn_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    uniqueIndex('credit_ledger_provider_txn_unique').on(t.provider, t.txnId),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type CreditLedgerRow = typeof creditLedger.$inferSelect;
