import { randomUUID } from 'node:crypto';
import type { Conversation } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { appendCredits } from '../messaging/credit-ledger';
import { registerMember, type TestApi } from '../test/harness';

/** Shared arrangements of the security suite (issue #13). */
export type SecurityMember = Awaited<ReturnType<typeof registerMember>> & { id: number; uuid: string };

export async function member(api: TestApi, credits = 0): Promise<SecurityMember> {
  const m = await registerMember(api);
  const [row] = await api.context.db.select().from(users).where(eq(users.email, m.email));
  if (!row) throw new Error('member missing');
  if (credits) await appendCredits(api.context.db, { userId: row.id, delta: credits, reason: 'promotion' });
  return { ...m, id: row.id, uuid: row.uuid };
}

export async function startConversation(api: TestApi, from: SecurityMember, to: SecurityMember) {
  const res = await api.call('POST', '/api/user-conversations', {
    token: from.access_token,
    body: { recipient_uuid: to.uuid },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`start: ${res.statusCode} ${res.body}`);
  return res.json().data as Conversation;
}

export const sendText = (api: TestApi, from: SecurityMember, conversation: string, body = 'hello') =>
  api.call('POST', `/api/user-conversations/${conversation}/messages`, {
    token: from.access_token,
    body: { client_msg_id: randomUUID(), type: 'text', body },
  });

export const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};
