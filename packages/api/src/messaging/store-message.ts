import { type MessageRow, messages } from '../db/messaging-schema';
import { rowFromJson } from '../db/related-rows';
import type { NotificationCountColumns } from '../members/member-counters';

/** A member's balance and its `credits_version` (which of two balances is newer, migration 0010). */
export interface Balance {
  credits: number;
  version: number;
}

/** The notification a created send stored (none when the recipient muted the sender). */
export interface StoredNotification {
  /** The row as `to_jsonb` spells it. */
  row: Record<string, unknown>;
  counts: NotificationCountColumns;
}

export type StoreOutcome =
  | { outcome: 'created'; row: MessageRow; balance: Balance; notification: StoredNotification | null }
  | { outcome: 'repeat'; row: MessageRow; balance: Balance }
  | { outcome: 'insufficient' }
  | { outcome: 'flood'; retryAfter: number };

/**
 * What the `send_message` function (migrations 0009_send_round_trips, 0010_one_statement_send)
 * answered: it locks the conversation, answers the original for a repeated client id, counts the
 * send in the sender's flood limit (over it: nothing stored), debits the price with its ledger
 * entry (or refuses: nothing stored, nothing counted), inserts, moves the conversation and stores
 * the recipient's notification, atomically.
 */
export function storeOutcomeOf(raw: unknown): StoreOutcome {
  const sent = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | {
        outcome: string;
        message?: Record<string, unknown>;
        credits?: number;
        credits_version?: number;
        retry_after?: number;
        notification?: Record<string, unknown>;
        counts?: NotificationCountColumns;
      }
    | null
    | undefined;
  if (!sent) throw new Error('send_message answered nothing');
  if (sent.outcome === 'insufficient') return { outcome: 'insufficient' };
  if (sent.outcome === 'flood') return { outcome: 'flood', retryAfter: sent.retry_after ?? 1 };
  if (!sent.message || (sent.outcome !== 'created' && sent.outcome !== 'repeat')) {
    throw new Error(`send_message answered ${sent.outcome}`);
  }
  const row = rowFromJson(messages, sent.message);
  const balance = { credits: sent.credits ?? 0, version: sent.credits_version ?? 0 };
  if (sent.outcome === 'repeat') return { outcome: 'repeat', row, balance };
  const notification =
    sent.notification && sent.counts ? { row: sent.notification, counts: sent.counts } : null;
  return { outcome: 'created', row, balance, notification };
}
