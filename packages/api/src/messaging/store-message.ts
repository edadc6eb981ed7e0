import { sql } from 'drizzle-orm';
import type { MessageRow } from '../db/messaging-schema';
import type { DbOrTx } from './credit-ledger';

export interface StoreInput {
  conversationId: number;
  fromId: number;
  toId: number;
  clientMsgId: string;
  type: MessageRow['type'];
  body: string | null;
  image: MessageRow['image'];
  price: number;
}

export type StoreOutcome =
  | { outcome: 'created' | 'repeat'; row: MessageRow; credits: number }
  | { outcome: 'insufficient' };

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

/**
 * Stores a send in one round trip: the `send_message` function (migration 0007_throughput) locks
 * the conversation, answers the original for a repeated client id, debits the price with its
 * ledger entry (or refuses: nothing stored), inserts and moves the conversation, atomically.
 */
export async function storeMessage(db: DbOrTx, input: StoreInput): Promise<StoreOutcome> {
  const result = await db.execute<{ sent: { outcome: string; message?: MessageJson; credits?: number } }>(
    sql`select send_message(${input.conversationId}::integer, ${input.fromId}::integer, ${input.toId}::integer,
      ${input.clientMsgId}::uuid, ${input.type}::text, ${input.body}::text,
      ${input.image === null ? null : JSON.stringify(input.image)}::jsonb, ${input.price}::integer) as sent`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    sent: { outcome: string; message?: MessageJson; credits?: number } | string;
  }[];
  const raw = rows[0]?.sent;
  const sent = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<typeof raw, string>) : raw;
  if (!sent) throw new Error('send_message answered nothing');
  if (sent.outcome === 'insufficient') return { outcome: 'insufficient' };
  if (!sent.message || (sent.outcome !== 'created' && sent.outcome !== 'repeat')) {
    throw new Error(`send_message answered ${sent.outcome}`);
  }
  return { outcome: sent.outcome, row: rowOf(sent.message), credits: sent.credits ?? 0 };
}
