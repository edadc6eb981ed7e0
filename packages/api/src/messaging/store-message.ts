import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { MessageRow } from '../db/messaging-schema';
import { param, preparedStatement } from '../db/prepared-statement';

export interface StoreInput {
  conversationId: number;
  fromId: number;
  toId: number;
  clientMsgId: string;
  type: MessageRow['type'];
  body: string | null;
  image: MessageRow['image'];
  price: number;
  /** The sender's flood limit: `max` sends per fixed window of `windowSeconds`, counted under `key`. */
  flood: { key: string; max: number; windowSeconds: number };
}

export type StoreOutcome =
  | { outcome: 'created' | 'repeat'; row: MessageRow; credits: number }
  | { outcome: 'insufficient' }
  | { outcome: 'flood'; retryAfter: number };

/** A message as `to_jsonb(messages)` spells it. */
interface MessageJson {
  id: number;
  uuid: string;
  client_msg_id: string;
  conversation_id: number;
  from_id: number;
  to_id: number;
  type: MessageRow['type'];
  body: string | null;
  image: MessageRow['image'];
  price: number;
  created_at: string;
  read_at: string | null;
}

const rowOf = (m: MessageJson): MessageRow => ({
  id: m.id,
  uuid: m.uuid,
  clientMsgId: m.client_msg_id,
  conversationId: m.conversation_id,
  fromId: m.from_id,
  toId: m.to_id,
  type: m.type,
  body: m.body,
  image: m.image,
  price: m.price,
  createdAt: new Date(m.created_at),
  readAt: m.read_at === null ? null : new Date(m.read_at),
});

const sendStatement = preparedStatement(
  () => 'send',
  () =>
    sql`select send_message(${param('conversation')}::integer, ${param('from')}::integer, ${param('to')}::integer,
      ${param('client')}::uuid, ${param('type')}::text, ${param('body')}::text,
      ${param('image')}::jsonb, ${param('price')}::integer,
      ${param('floodKey')}::text, ${param('floodMax')}::integer, ${param('floodWindow')}::integer) as sent`,
);

/**
 * Stores a send in one round trip: the `send_message` function (migration 0009_send_round_trips)
 * locks the conversation, answers the original for a repeated client id, counts the send in the
 * sender's flood limit (over it: nothing stored), debits the price with its ledger entry (or
 * refuses: nothing stored, nothing counted), inserts and moves the conversation, atomically.
 */
export async function storeMessage(db: Db, input: StoreInput): Promise<StoreOutcome> {
  const result = await sendStatement(db, null, {
    conversation: input.conversationId,
    from: input.fromId,
    to: input.toId,
    client: input.clientMsgId,
    type: input.type,
    body: input.body,
    image: input.image === null ? null : JSON.stringify(input.image),
    price: input.price,
    floodKey: input.flood.key,
    floodMax: input.flood.max,
    floodWindow: input.flood.windowSeconds,
  });
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    sent: { outcome: string; message?: MessageJson; credits?: number; retry_after?: number } | string;
  }[];
  const raw = rows[0]?.sent;
  const sent = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<typeof raw, string>) : raw;
  if (!sent) throw new Error('send_message answered nothing');
  if (sent.outcome === 'insufficient') return { outcome: 'insufficient' };
  if (sent.outcome === 'flood') return { outcome: 'flood', retryAfter: sent.retry_after ?? 1 };
  if (!sent.message || (sent.outcome !== 'created' && sent.outcome !== 'repeat')) {
    throw new Error(`send_message answered ${sent.outcome}`);
  }
  return { outcome: sent.outcome, row: rowOf(sent.message), credits: sent.credits ?? 0 };
}
