// The data every phase reads and writes, made through the API itself: the demo members (seeded
// by the API on first start) log in, each starts conversations with the next few members and
// sends one message in each, so every conversation list has chatmates and last messages.
import { DEMO_PASSWORD, demoMembers } from '@ukd/api';
import pg from 'pg';
import type { LoadTarget } from './messages';

/** The first page of the inbox exactly as the site asks for it (mfe-messaging's
 * `conversationListQuery`: page, limit 10, both photos and the last message). */
export const CONVERSATION_LIST_PATH =
  '/api/user-conversations?page=1&limit=10&include=recipient.approved_primary%2Cinitiator.approved_primary%2Clast_message';

/** The dashboard's first page of members as the site asks for it (mfe-profiles' `browseRequest`). */
const BROWSE_PATH = '/api/profiles?sort=-created_at&page=1&limit=24';

export const SITE_KEY = 'ukdating-site01';
const CONVERSATIONS_PER_MEMBER = 8;
/** Messages each benchmark conversation holds before the phases (PostgreSQL): a chat opened
 * reads its latest page of 50 (mfe-messaging's `MESSAGE_PAGE_SIZE`), so a thread holds more. */
export const THREAD_LENGTH = 60;

export interface Fixture {
  /** One GET per member, round robin. */
  conversationList: LoadTarget[];
  /** The same GETs asking the bare baseline for the contract's whole answer (`bare-whole-list.ts`). */
  conversationListWhole: LoadTarget[];
  profileBrowse: LoadTarget[];
  /** One POST per conversation, by the member who started it. */
  sends: LoadTarget[];
  /** One GET of a conversation's latest messages per conversation, as a chat opens it. */
  threads: LoadTarget[];
  /** Each member opening the profiles of the next few members (a visit, then repeat views). */
  profileViews: LoadTarget[];
}

async function call<T>(origin: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'site-key': SITE_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data: T };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await task(item);
      }
    }),
  );
}

/** Logs the demo members in (tokens are fresh for this server's run). */
export async function logIn(origin: string): Promise<{ email: string; token: string }[]> {
  const emails = demoMembers().map((m) => m.email);
  const out: { email: string; token: string }[] = [];
  await inParallel(emails, 4, async (email) => {
    const pair = await call<{ access_token: string }>(origin, 'POST', '/login', {
      email,
      password: DEMO_PASSWORD,
    });
    out.push({ email, token: pair.access_token });
  });
  return out.sort((a, b) => a.email.localeCompare(b.email));
}

/** Conversations and a first message in each, then credits for a long run of sends. */
export async function buildFixture(
  origin: string,
  members: { token: string }[],
  databaseUrl: string | undefined,
): Promise<Fixture> {
  const uuids = await Promise.all(
    members.map((m) => call<{ uuid: string }>(origin, 'POST', '/me', undefined, m.token).then((u) => u.uuid)),
  );
  const pairs: { from: number; to: number }[] = [];
  for (let i = 0; i < members.length; i += 1) {
    for (let k = 1; k <= CONVERSATIONS_PER_MEMBER; k += 1)
      pairs.push({ from: i, to: (i + k) % members.length });
  }
  const sends: LoadTarget[] = [];
  await inParallel(pairs, 8, async ({ from, to }) => {
    const token = (members[from] as { token: string }).token;
    const conversation = await call<{ uuid: string }>(
      origin,
      'POST',
      '/user-conversations',
      { recipient_uuid: uuids[to] },
      token,
    ).catch(() => null);
    // A pair seen from the other side already exists (and is that member's to send in).
    if (!conversation) return;
    const path = `/api/user-conversations/${conversation.uuid}/messages`;
    await call(
      origin,
      'POST',
      path.slice(4),
      {
        client_msg_id: crypto.randomUUID(),
        type: 'text',
        body: 'Hello from the benchmark',
      },
      token,
    );
    sends.push({ method: 'POST', path, token });
  });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Enough for every send of the run, as a ledger entry like any credit change.
    // A thread in every conversation, the two members taking turns, all read but the last.
    await client.query(
      `with thread as (
         insert into messages (client_msg_id, conversation_id, from_id, to_id, type, body, created_at, read_at)
         select gen_random_uuid(), c.id,
                case when g % 2 = 0 then c.initiator_id else c.recipient_id end,
                case when g % 2 = 0 then c.recipient_id else c.initiator_id end,
                'text', 'Message ' || g || ': how was your weekend? Mine was lovely, a long walk by the sea.',
                now() + g * interval '1 second', case when g < $1 then now() + g * interval '1 second' end
         from conversations c, generate_series(1, $1::integer) g
         returning id, conversation_id, created_at),
       last as (select distinct on (conversation_id) conversation_id, id, created_at from thread
                order by conversation_id, id desc)
       update conversations c set last_message_id = last.id, updated_at = last.created_at
       from last where c.id = last.conversation_id`,
      [THREAD_LENGTH - 1],
    );
    await client.query(`with granted as (update users set credits = credits + 1000000 returning id, credits)
      insert into credit_ledger (user_id, delta, balance_after, reason) select id, 1000000, credits, 'promotion' from granted`);
    // A live database has planner statistics (autovacuum analyzes a table within a minute of
    // its rows changing); the tables here were filled a moment ago. Without them the
    // conversation list's plan scanned every member once per conversation. Both sides read this
    // database, so the ratio stays fair.
    await client.query('analyze');
    await client.end();
  }
  return {
    conversationList: members.map((m) => ({ method: 'GET', path: CONVERSATION_LIST_PATH, token: m.token })),
    conversationListWhole: members.map((m) => ({
      method: 'GET',
      path: `${CONVERSATION_LIST_PATH}&answer=whole`,
      token: m.token,
    })),
    profileBrowse: members.map((m) => ({ method: 'GET', path: BROWSE_PATH, token: m.token })),
    sends,
    threads: sends.map((send) => ({ method: 'GET', path: `${send.path}?limit=50`, token: send.token })),
    profileViews: pairs.map(({ from, to }) => ({
      method: 'GET',
      path: `/api/profiles/${uuids[to]}`,
      token: (members[from] as { token: string }).token,
    })),
  };
}
