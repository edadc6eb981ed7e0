import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMessageCounts, messages } from '../db/messaging-schema';
import { users } from '../db/schema';
import { notBlocked } from '../profiles/visibility';
import { drivers, memberWithCredits, startTestApi, type TestApi } from '../test/harness';

// The database keeps each member's message counters (migration 0011) with every send, read,
// deletion and block. These tests compare them with a count of the messages themselves, the
// rule /me always had, after each kind of change and under races.
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`member message counters (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    async function member() {
      const { access_token, row } = await memberWithCredits(api, 200);
      return { token: access_token, id: row.id, uuid: row.uuid };
    }
    type Member = Awaited<ReturnType<typeof member>>;

    /** What the counters must say: the messages counted one by one. */
    async function counted(id: number) {
      const [all] = await api.context.db
        .select({
          received: count(),
          unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`,
        })
        .from(messages)
        .where(and(eq(messages.toId, id), notBlocked(id, messages.fromId)));
      return { received: Number(all?.received ?? 0), unread: Number(all?.unread ?? 0) };
    }

    async function kept(id: number) {
      const [row] = await api.context.db
        .select({ received: memberMessageCounts.received, unread: memberMessageCounts.unread })
        .from(memberMessageCounts)
        .where(eq(memberMessageCounts.memberId, id));
      return row;
    }

    async function me(m: Member) {
      const res = await api.call('POST', '/api/me', { token: m.token });
      expect(res.statusCode).toBe(200);
      const user = res.json().data;
      return { received: user.received_messages_count, unread: user.unread_messages_count };
    }

    async function conversation(from: Member, to: Member): Promise<string> {
      const res = await api.call('POST', '/api/user-conversations', {
        token: from.token,
        body: { recipient_uuid: to.uuid },
      });
      expect([200, 201]).toContain(res.statusCode);
      return res.json().data.uuid as string;
    }

    const send = (from: Member, uuid: string, body = 'Hello') =>
      api.call('POST', `/api/user-conversations/${uuid}/messages`, {
        token: from.token,
        body: { client_msg_id: crypto.randomUUID(), type: 'text', body },
      });

    it('starts at zero for a new member and counts each message received and read', async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      expect(await kept(b.id)).toEqual({ received: 0, unread: 0 });
      const ab = await conversation(a, b);
      const cb = await conversation(c, b);
      for (let i = 0; i < 3; i++) expect((await send(a, ab)).statusCode).toBe(201);
      for (let i = 0; i < 2; i++) expect((await send(c, cb)).statusCode).toBe(201);
      expect(await kept(b.id)).toEqual({ received: 5, unread: 5 });
      expect(await me(b)).toEqual({ received: 5, unread: 5 });
      // Sending does not count for the sender.
      expect(await kept(a.id)).toEqual({ received: 0, unread: 0 });

      const read = await api.call('POST', `/api/user-conversations/${ab}/read`, { token: b.token, body: {} });
      expect(read.statusCode).toBe(200);
      expect(read.json().data.unread_messages_count).toBe(2);
      expect(await kept(b.id)).toEqual({ received: 5, unread: 2 });
      // Reading again changes nothing.
      await api.call('POST', `/api/user-conversations/${ab}/read`, { token: b.token, body: {} });
      expect(await kept(b.id)).toEqual(await counted(b.id));
      // A reply, read by the member who started the conversation.
      expect((await send(b, ab)).statusCode).toBe(201);
      await api.call('POST', `/api/user-conversations/${ab}/read`, { token: a.token, body: {} });
      expect(await kept(a.id)).toEqual({ received: 1, unread: 0 });

      // Deleting a conversation for oneself marks its messages read.
      expect((await api.call('DELETE', `/api/user-conversations/${cb}`, { token: b.token })).statusCode).toBe(
        200,
      );
      expect(await kept(b.id)).toEqual({ received: 5, unread: 0 });
      expect(await me(b)).toEqual({ received: 5, unread: 0 });
    });

    it('leaves a blocked member’s messages out either way, and counts them again after an unblock', async () => {
      const [a, b] = [await member(), await member()];
      const ab = await conversation(a, b);
      const ba = await conversation(b, a);
      expect(ba).toBe(ab);
      for (let i = 0; i < 3; i++) expect((await send(a, ab)).statusCode).toBe(201);
      expect((await send(b, ab)).statusCode).toBe(201);
      expect(await kept(b.id)).toEqual({ received: 3, unread: 3 });
      expect(await kept(a.id)).toEqual({ received: 1, unread: 1 });

      expect((await api.call('PUT', `/api/profiles/${a.uuid}/block`, { token: b.token })).statusCode).toBe(
        200,
      );
      expect(await kept(b.id)).toEqual({ received: 0, unread: 0 });
      expect(await kept(a.id)).toEqual({ received: 0, unread: 0 });
      expect(await me(b)).toEqual({ received: 0, unread: 0 });

      expect((await api.call('DELETE', `/api/profiles/${a.uuid}/block`, { token: b.token })).statusCode).toBe(
        200,
      );
      expect(await kept(b.id)).toEqual({ received: 3, unread: 3 });
      expect(await kept(a.id)).toEqual({ received: 1, unread: 1 });
    });

    it('forgets a deleted sender’s messages, whether or not a block hid them', async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      const ab = await conversation(a, b);
      const cb = await conversation(c, b);
      for (let i = 0; i < 2; i++) expect((await send(a, ab)).statusCode).toBe(201);
      for (let i = 0; i < 4; i++) expect((await send(c, cb)).statusCode).toBe(201);
      // b blocked c: c's four were already out of b's counters.
      await api.call('PUT', `/api/profiles/${c.uuid}/block`, { token: b.token });
      expect(await kept(b.id)).toEqual({ received: 2, unread: 2 });

      await api.context.db.delete(users).where(eq(users.id, c.id));
      expect(await kept(b.id)).toEqual({ received: 2, unread: 2 });
      await api.context.db.delete(users).where(eq(users.id, a.id));
      expect(await kept(b.id)).toEqual({ received: 0, unread: 0 });
      expect(await kept(a.id)).toBeUndefined();
    });

    it('counts every one of many sends at once to one member, from many senders', async () => {
      const b = await member();
      const senders = await Promise.all(Array.from({ length: 6 }, () => member()));
      const uuids = await Promise.all(senders.map((s) => conversation(s, b)));
      const answers = await Promise.all(
        senders.flatMap((s, i) => Array.from({ length: 5 }, () => send(s, uuids[i] as string))),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
      expect(await kept(b.id)).toEqual({ received: 30, unread: 30 });
      // Reads of some conversations racing more sends.
      await Promise.all([
        ...uuids
          .slice(0, 3)
          .map((u) => api.call('POST', `/api/user-conversations/${u}/read`, { token: b.token, body: {} })),
        ...senders.map((s, i) => send(s, uuids[i] as string)),
      ]);
      expect(await kept(b.id)).toEqual(await counted(b.id));
      expect((await kept(b.id))?.received).toBe(36);
    });

    it('agrees with a count of the messages when blocks, unblocks, sends and reads race', async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      const ab = await conversation(a, b);
      const cb = await conversation(c, b);
      const work: Promise<unknown>[] = [];
      for (let round = 0; round < 4; round++) {
        work.push(
          ...Array.from({ length: 3 }, () => send(a, ab)),
          ...Array.from({ length: 3 }, () => send(c, cb)),
          api.call(round % 2 ? 'DELETE' : 'PUT', `/api/profiles/${a.uuid}/block`, { token: b.token }),
          api.call('POST', `/api/user-conversations/${cb}/read`, { token: b.token, body: {} }),
        );
      }
      await Promise.all(work);
      for (const m of [a, b, c]) expect(await kept(m.id)).toEqual(await counted(m.id));
      // Directly in the database, as a script or the CLI might: the triggers count those too.
      await api.context.db
        .update(messages)
        .set({ readAt: sql`now()` })
        .where(and(eq(messages.toId, b.id), isNull(messages.readAt)));
      expect(await kept(b.id)).toEqual(await counted(b.id));
      expect((await kept(b.id))?.unread).toBe(0);
    });
  });
}
