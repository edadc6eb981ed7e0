// What the API acknowledged to the senders against what the database holds: one message per
// client_msg_id, one debit per message, and a credits ledger that adds up to the cached balance.
import pg from 'pg';
import type { Sender } from './sending-members';

export interface LedgerCheck {
  sender: number;
  messages: number;
  duplicateClientIds: number;
  acknowledgedMissing: number;
  acknowledgedWithOtherId: number;
  unacknowledgedStored: number;
  debits: number;
  debitsWithoutMessage: number;
  messagesWithoutOneDebit: number;
  ledgerSum: number;
  balance: number;
  expectedBalance: number;
}

/** What the database holds for each sender, against what the API acknowledged to them. */
export async function checkLedger(
  databaseUrl: string,
  senders: Sender[],
  granted: number,
): Promise<LedgerCheck[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const results: LedgerCheck[] = [];
    for (const sender of senders) {
      const userId = sender.pair.sender.id;
      const { rows: messages } = await client.query<{ id: string; client_msg_id: string; price: number }>(
        'select id, client_msg_id, price from messages where from_id = $1',
        [userId],
      );
      const { rows: debits } = await client.query<{ reference: string | null; delta: number }>(
        `select reference, delta from credit_ledger where user_id = $1 and reason = 'message'`,
        [userId],
      );
      const { rows: totals } = await client.query<{ sum: string; credits: number }>(
        'select coalesce((select sum(delta) from credit_ledger where user_id = $1), 0) as sum, credits from users where id = $1',
        [userId],
      );
      const byClientId = new Map<string, number[]>();
      for (const m of messages)
        byClientId.set(m.client_msg_id, [...(byClientId.get(m.client_msg_id) ?? []), Number(m.id)]);
      const acked = new Map(sender.acknowledged.map((a) => [a.clientMsgId, a.messageId]));
      const debitsByRef = new Map<string, number[]>();
      for (const d of debits)
        debitsByRef.set(d.reference ?? '', [...(debitsByRef.get(d.reference ?? '') ?? []), d.delta]);
      const messageRefs = new Set(messages.map((m) => `message:${m.id}`));
      const spent = messages.reduce((sum, m) => sum + m.price, 0);
      results.push({
        sender: userId,
        messages: messages.length,
        duplicateClientIds: [...byClientId.values()].filter((ids) => ids.length > 1).length,
        acknowledgedMissing: [...acked.keys()].filter((id) => !byClientId.has(id)).length,
        acknowledgedWithOtherId: [...acked].filter(
          ([cid, mid]) => byClientId.get(cid)?.[0] !== mid && byClientId.has(cid),
        ).length,
        unacknowledgedStored: [...byClientId.keys()].filter((id) => !acked.has(id)).length,
        debits: debits.length,
        debitsWithoutMessage: [...debitsByRef.keys()].filter((ref) => !messageRefs.has(ref)).length,
        messagesWithoutOneDebit: messages.filter((m) => {
          const found = debitsByRef.get(`message:${m.id}`) ?? [];
          return found.length !== 1 || found[0] !== -m.price;
        }).length,
        ledgerSum: Number(totals[0]?.sum ?? Number.NaN),
        balance: totals[0]?.credits ?? Number.NaN,
        expectedBalance: granted - spent,
      });
    }
    return results;
  } finally {
    await client.end();
  }
}

/** A check is sound when nothing acknowledged was lost or doubled and the money adds up. */
export function sound(check: LedgerCheck): boolean {
  return (
    check.duplicateClientIds === 0 &&
    check.acknowledgedMissing === 0 &&
    check.acknowledgedWithOtherId === 0 &&
    check.unacknowledgedStored === 0 &&
    check.debitsWithoutMessage === 0 &&
    check.messagesWithoutOneDebit === 0 &&
    check.debits === check.messages &&
    check.ledgerSum === check.balance &&
    check.balance === check.expectedBalance
  );
}
