import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executedRows } from '../db/related-rows';
import { users } from '../db/schema';
import { drivers, registerMember, sessionOf, startTestApi, type TestApi } from '../test/harness';
import { type CachedSignIn, MEMBER_CHANGED_CHANNEL, MemberCache } from './member-cache';

const signIn = (id: number): CachedSignIn => ({
  user: { id, uuid: `u-${id}`, credits: 5, creditsVersion: 3 } as CachedSignIn['user'],
  impersonated: false,
  sessionExpiresAt: new Date(Date.now() + 60_000),
});

/** A cache that believes its change feed is up, without a database. */
function liveCache(ttlMs = 5_000): MemberCache {
  const cache = new MemberCache(ttlMs);
  (cache as unknown as { live: boolean }).live = true;
  return cache;
}

describe('MemberCache', () => {
  it('answers a copy of what was stored, which the caller may change freely', () => {
    const cache = liveCache();
    cache.set('s1', signIn(1), cache.ticket());
    const first = cache.get('s1');
    if (!first) throw new Error('not cached');
    first.user.credits = 0;
    expect(cache.get('s1')?.user.credits).toBe(5);
  });

  it('does not store a read that raced a revocation or a change of the member', () => {
    const cache = liveCache();
    const ticket = cache.ticket();
    cache.forgetSession('s1'); // logout landed while the read was in flight
    cache.set('s1', signIn(1), ticket);
    expect(cache.get('s1')).toBeNull();

    const again = cache.ticket();
    cache.forgetMember(2);
    cache.set('s2', signIn(2), again);
    expect(cache.get('s2')).toBeNull();
    // A read that began after the change is stored.
    cache.set('s2', signIn(2), cache.ticket());
    expect(cache.get('s2')).not.toBeNull();
  });

  it('drops every session of a member, and entries past their time or their session', () => {
    const cache = liveCache(50);
    cache.set('a', signIn(3), cache.ticket());
    cache.set('b', signIn(3), cache.ticket());
    cache.forgetMember(3);
    expect([cache.get('a'), cache.get('b')]).toEqual([null, null]);

    cache.set('c', signIn(4), cache.ticket());
    expect(cache.get('c', Date.now() + 51)).toBeNull();
    cache.set('d', { ...signIn(5), sessionExpiresAt: new Date(Date.now() - 1) }, cache.ticket());
    expect(cache.get('d')).toBeNull();
  });

  it('applies a notice of a newer balance in place, also to a read that raced it', () => {
    const cache = liveCache();
    cache.set('a', signIn(6), cache.ticket());
    cache.set('b', signIn(6), cache.ticket());
    cache.onChange('6:credits:2:4');
    cache.onChange('6:credits:1:5');
    cache.onChange('6:credits:2:4'); // an older balance, however late it comes, changes nothing
    expect([cache.get('a')?.user, cache.get('b')?.user]).toMatchObject([
      { credits: 1, creditsVersion: 5 },
      { credits: 1, creditsVersion: 5 },
    ]);
    cache.set('c', signIn(6), cache.ticket()); // a read of the row as it was (version 3)
    expect(cache.get('c')?.user.credits).toBe(1);
    const newer = signIn(6);
    newer.user.credits = 9;
    newer.user.creditsVersion = 6;
    cache.set('d', newer, cache.ticket()); // a read newer than every notice: as read
    expect(cache.get('d')?.user.credits).toBe(9);
    // Any other notice drops the member; a malformed one changes nothing, one without a version drops.
    cache.onChange('garbage');
    expect(cache.get('a')).not.toBeNull();
    cache.onChange('6:credits:x:7');
    expect(cache.get('a')).toBeNull();
  });

  it("shows the balance a member's own send left at once, before or after its notice, never an older one", () => {
    const cache = liveCache();
    cache.set('a', signIn(7), cache.ticket());
    cache.expectBalance(7, 4, 4); // the debit's notice has not arrived yet
    expect(cache.get('a')?.user).toMatchObject({ credits: 4, creditsVersion: 4 });
    cache.onChange('7:credits:4:4'); // it arrives: nothing changes
    expect(cache.get('a')?.user).toMatchObject({ credits: 4, creditsVersion: 4 });
    // Two sends at once: the second's notice came first; the first's answer is older.
    cache.onChange('7:credits:2:6');
    cache.expectBalance(7, 3, 5);
    expect(cache.get('a')?.user).toMatchObject({ credits: 2, creditsVersion: 6 });
    // A read that began before both is stored with the newest balance known.
    cache.forgetSession('a');
    cache.set('b', signIn(7), cache.ticket());
    expect(cache.get('b')?.user).toMatchObject({ credits: 2, creditsVersion: 6 });
  });

  it('stores nothing while the change feed is down', () => {
    const cache = new MemberCache();
    cache.set('s1', signIn(1), cache.ticket());
    expect(cache.get('s1')).toBeNull();
  });
});

// How long another process may lag behind a change: well under a second here, but a change notice
// can be late on a loaded CI machine.
const LAG = 5_000;

/** Polls until `check` holds or `ms` pass: how long another process may lag is bounded. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe.each(drivers)('cached sign-ins on $driver', ({ driver, skip }) => {
  let api: TestApi;
  beforeAll(async () => {
    if (!skip) api = await startTestApi(driver);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.skipIf(skip)(
    'a change made behind the API (CLI, SQL) reaches the next requests of the member',
    async () => {
      const m = await registerMember(api);
      const me = await api.call('POST', '/api/me', { token: m.access_token });
      expect(me.statusCode).toBe(200);
      // Cached now; an operator deactivates the member directly in the database.
      await api.context.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, m.email));
      const refused = await within(LAG, async () => {
        const res = await api.call('POST', '/api/user-conversations', {
          token: m.access_token,
          body: { recipient_uuid: '00000000-0000-4000-8000-000000000000' },
        });
        return res.statusCode === 403;
      });
      expect(refused).toBe(true);
    },
  );

  it.skipIf(skip)('logout is refused at once by the process that did it, even when cached', async () => {
    const m = await registerMember(api);
    const cached = await within(LAG, async () => {
      expect((await api.call('GET', '/api/message-prices', { token: m.access_token })).statusCode).toBe(200);
      return api.context.members.get(sessionOf(m.access_token)) !== null;
    });
    expect(cached).toBe(true);
    expect((await api.call('POST', '/api/logout', { token: m.access_token })).statusCode).toBe(200);
    expect((await api.call('POST', '/api/me', { token: m.access_token })).statusCode).toBe(401);
  });
});

describe.skipIf(drivers[1]?.skip)('two API processes on one PostgreSQL database', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startTestApi('postgres');
    b = await startTestApi('postgres', { databaseUrl: a.databaseUrl as string });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout in one process is refused by the other within a second, though it had the sign-in cached', async () => {
    const m = await registerMember(a);
    // Reads until B has the sign-in cached (the first one's last_active write drops it once).
    const cached = await within(LAG, async () => {
      expect((await b.call('GET', '/api/message-prices', { token: m.access_token })).statusCode).toBe(200);
      return b.context.members.get(sessionOf(m.access_token)) !== null;
    });
    expect(cached).toBe(true);
    expect((await a.call('POST', '/api/logout', { token: m.access_token })).statusCode).toBe(200);
    const refused = await within(LAG, async () => {
      return (await b.call('POST', '/api/me', { token: m.access_token })).statusCode === 401;
    });
    expect(refused).toBe(true);
  });

  it('a paid send keeps the sender cached in both processes, with the new balance in each', async () => {
    const alice = await registerMember(a);
    const bob = await registerMember(a);
    await a.context.db.update(users).set({ credits: 20 }).where(eq(users.email, alice.email));
    const session = sessionOf(alice.access_token);
    const started = await a.call('POST', '/api/user-conversations', {
      token: alice.access_token,
      body: {
        recipient_uuid: (await a.call('POST', '/api/me', { token: bob.access_token })).json().data.uuid,
      },
    });
    const conversation = started.json().data.uuid as string;
    const cachedIn = (api: TestApi) =>
      within(LAG, async () => {
        const res = await api.call('GET', '/api/message-prices', { token: alice.access_token });
        return res.json().data.credits === 20 && api.context.members.get(session) !== null;
      });
    expect([await cachedIn(a), await cachedIn(b)]).toEqual([true, true]);
    const sent = await a.call('POST', `/api/user-conversations/${conversation}/messages`, {
      token: alice.access_token,
      body: { client_msg_id: crypto.randomUUID(), type: 'text', body: 'hello' },
    });
    expect(sent.statusCode).toBe(201);
    const balance = sent.json().meta.credits as number;
    expect(balance).toBeLessThan(20);
    for (const api of [a, b]) {
      const seen = await within(LAG, async () => {
        const res = await api.call('GET', '/api/message-prices', { token: alice.access_token });
        return res.json().data.credits === balance;
      });
      expect(seen).toBe(true);
      expect(api.context.members.get(session)?.user.credits).toBe(balance);
    }
  });

  it("a paid send's own transaction announces nothing: its process announces the balance after the commit", async () => {
    const alice = await registerMember(a);
    const bob = await registerMember(a);
    await a.context.db.update(users).set({ credits: 20 }).where(eq(users.email, alice.email));
    const bobUuid = (await a.call('POST', '/api/me', { token: bob.access_token })).json().data.uuid as string;
    const started = await a.call('POST', '/api/user-conversations', {
      token: alice.access_token,
      body: { recipient_uuid: bobUuid },
    });
    const conversation = started.json().data as { id: number; uuid: string };
    const [ids] = await a.context.db
      .select({ alice: users.id })
      .from(users)
      .where(eq(users.email, alice.email));
    const aliceId = ids?.alice as number;
    const [bobRow] = await a.context.db.select({ id: users.id }).from(users).where(eq(users.uuid, bobUuid));
    const listener = new pg.Client({ connectionString: a.databaseUrl as string });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (n) => {
      if (n.payload?.startsWith(`${aliceId}:`)) notices.push(n.payload);
    });
    await listener.query(`listen ${MEMBER_CHANGED_CHANNEL}`);
    try {
      const quiet = () => new Promise((r) => setTimeout(r, 300));
      await quiet();
      notices.length = 0;
      // The send as the database runs it, without an API process around it: debited, unannounced.
      const [stored] = executedRows<{ sent: { outcome: string; credits: number } }>(
        await a.context.db.execute(sql`select send_message(${conversation.id}, ${aliceId}, ${bobRow?.id},
          ${crypto.randomUUID()}::uuid, 'text', 'hello', null, 1, ${`test:${aliceId}`}, 1000, 60, null) as sent`),
      );
      expect(stored?.sent).toMatchObject({ outcome: 'created', credits: 19 });
      await quiet();
      expect(notices).toEqual([]);
      // Through the API: the process that sent announces the balance it left, once.
      const sent = await b.call('POST', `/api/user-conversations/${conversation.uuid}/messages`, {
        token: alice.access_token,
        body: { client_msg_id: crypto.randomUUID(), type: 'text', body: 'hello again' },
      });
      expect(sent.statusCode).toBe(201);
      expect(await within(LAG, async () => notices.length > 0)).toBe(true);
      await quiet();
      expect(notices.filter((n) => n.startsWith(`${aliceId}:credits:18:`))).toHaveLength(1);
      // Any other change of the balance (a purchase, an operator's SQL) the database announces.
      notices.length = 0;
      await a.context.db.update(users).set({ credits: 50 }).where(eq(users.id, aliceId));
      expect(await within(LAG, async () => notices.some((n) => n.startsWith(`${aliceId}:credits:50:`)))).toBe(
        true,
      );
    } finally {
      await listener.end();
    }
  });

  it("recording a member's activity announces nothing and keeps their cached sign-in", async () => {
    const m = await registerMember(a);
    const [row] = await a.context.db.select({ id: users.id }).from(users).where(eq(users.email, m.email));
    const id = row?.id as number;
    const session = sessionOf(m.access_token);
    const listener = new pg.Client({ connectionString: a.databaseUrl as string });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (n) => {
      if (n.payload === String(id) || n.payload?.startsWith(`${id}:`)) notices.push(n.payload);
    });
    await listener.query(`listen ${MEMBER_CHANGED_CHANNEL}`);
    try {
      // Last active two minutes ago, as the member's next request finds it.
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await a.context.db.update(users).set({ lastActiveAt: twoMinutesAgo }).where(eq(users.id, id));
      a.context.members.forgetMember(id);
      await new Promise((r) => setTimeout(r, 300));
      notices.length = 0;
      const before = Date.now();
      expect((await a.call('GET', '/api/message-prices', { token: m.access_token })).statusCode).toBe(200);
      const [stored] = await a.context.db
        .select({ at: users.lastActiveAt })
        .from(users)
        .where(eq(users.id, id));
      expect(stored?.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await new Promise((r) => setTimeout(r, 300));
      expect(notices).toEqual([]);
      // Still cached here, showing the time it wrote, so the next request writes nothing.
      const cached = a.context.members.get(session);
      expect(cached?.user.lastActiveAt?.getTime()).toBe(stored?.at?.getTime());
    } finally {
      await listener.end();
    }
  });

  it("a member's change made in one process shows in the other", async () => {
    const m = await registerMember(a);
    const before = await b.call('GET', '/api/message-prices', { token: m.access_token });
    expect(before.json().data.credits).toBe(0);
    await a.context.db.update(users).set({ credits: 42 }).where(eq(users.email, m.email));
    const seen = await within(LAG, async () => {
      const res = await b.call('GET', '/api/message-prices', { token: m.access_token });
      return res.json().data.credits === 42;
    });
    expect(seen).toBe(true);
  });
});
