import { randomUUID } from 'node:crypto';
import type { Conversation, Message, UserNotification } from '@ukd/contracts/api';
import { and, eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, creditLedger, messages } from '../db/messaging-schema';
import { users } from '../db/schema';
import type { Broadcaster } from '../realtime/broadcaster';
import { drivers, memberWithCredits, type registerMember, startTestApi, type TestApi } from '../test/harness';
import { appendCredits, ledgerBalance, recordOpeningBalances } from './credit-ledger';

type Registered = Awaited<ReturnType<typeof registerMember>>;
interface Member extends Registered {
  id: number;
  uuid: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await wait(20);
  }
}

async function pngBytes(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----ukd${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`messaging API (${driver})`, () => {
    let api: TestApi;
    const published: {
      channels: string[];
      event: string;
      data: unknown;
      socketId?: string;
      /** Whether the message was committed when it was published; undefined until checked. */
      stored?: boolean;
    }[] = [];

    beforeAll(async () => {
      const broadcaster: Broadcaster = {
        kind: 'in-process',
        async publish(channels, event, data, options = {}) {
          // Recorded in the order the API publishes (its own check below takes a round trip,
          // and a later publish's check may come back first).
          const entry: (typeof published)[number] = {
            channels,
            event,
            data,
            ...(options.socketId ? { socketId: options.socketId } : {}),
          };
          published.push(entry);
          // At publish time the message must already be committed (persist first, then broadcast).
          const id = (data as { id?: number }).id;
          if (event === 'message.sent' && typeof id === 'number') {
            const rows = await api.context.db
              .select({ id: messages.id })
              .from(messages)
              .where(eq(messages.id, id));
            entry.stored = rows.length === 1;
          } else {
            entry.stored = true;
          }
        },
        async presenceUserIds() {
          return [];
        },
      };
      api = await startTestApi(driver, { broadcaster });
    });
    afterAll(async () => {
      await api?.close();
    });

    async function member(credits = 0): Promise<Member> {
      const { row, ...m } = await memberWithCredits(api, credits);
      return { ...m, id: row.id, uuid: row.uuid };
    }

    const me = async (m: Member) =>
      (await api.call('POST', '/api/me', { token: m.access_token })).json().data;

    async function start(from: Member, to: Member): Promise<Conversation> {
      const res = await api.call('POST', '/api/user-conversations', {
        token: from.access_token,
        body: { recipient_uuid: to.uuid },
      });
      expect([200, 201]).toContain(res.statusCode);
      return res.json().data;
    }

    const send = (from: Member, conversationUuid: string, body: Record<string, unknown>, headers = {}) =>
      api.call('POST', `/api/user-conversations/${conversationUuid}/messages`, {
        token: from.access_token,
        body,
        headers,
      });
    const text = (from: Member, c: string, body: string, id = randomUUID(), headers = {}) =>
      send(from, c, { client_msg_id: id, type: 'text', body }, headers);

    const upload = (m: Member, c: string, form: ReturnType<typeof multipart>) =>
      api.app.inject({
        method: 'POST',
        url: `/api/user-conversations/${c}/messages`,
        headers: {
          'site-key': 'ukdating-site01',
          authorization: `Bearer ${m.access_token}`,
          'content-type': form.contentType,
        },
        payload: form.payload,
      });
    const list = (m: Member, query = '') =>
      api.call('GET', `/api/user-conversations${query}`, { token: m.access_token });
    const messagesOf = (m: Member, c: string, query = '') =>
      api.call('GET', `/api/user-conversations/${c}/messages${query}`, { token: m.access_token });

    const countMessages = async (fromId: number) =>
      Number(
        (
          await api.context.db
            .select({ n: sql<string>`count(*)` })
            .from(messages)
            .where(eq(messages.fromId, fromId))
        )[0]?.n,
      );
    const ledgerEntries = (userId: number) =>
      api.context.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

    it('two members starting their conversation at once, from both sides and twice each, get one', async () => {
      const alice = await member(10);
      const bob = await member(10);
      const starts = await Promise.all([
        api.call('POST', '/api/user-conversations', {
          token: alice.access_token,
          body: { recipient_uuid: bob.uuid },
        }),
        api.call('POST', '/api/user-conversations', {
          token: bob.access_token,
          body: { recipient_uuid: alice.uuid },
        }),
        api.call('POST', '/api/user-conversations', {
          token: alice.access_token,
          body: { recipient_uuid: bob.uuid.toUpperCase() },
        }),
        api.call('POST', '/api/user-conversations', {
          token: bob.access_token,
          body: { recipient_uuid: alice.uuid },
        }),
      ]);
      expect(starts.map((s) => s.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(starts.map((s) => s.json().data.uuid)).size).toBe(1);
      const rows = await api.context.db
        .select()
        .from(conversations)
        .where(or(eq(conversations.initiatorId, alice.id), eq(conversations.recipientId, alice.id)));
      expect(rows).toHaveLength(1);
    });

    it('starts a conversation once, sends text and winks, debits the documented prices, catches up by id', async () => {
      const alice = await member(10);
      const bob = await member(10);
      const first = await api.call('POST', '/api/user-conversations', {
        token: alice.access_token,
        body: { recipient_uuid: bob.uuid },
      });
      expect(first.statusCode).toBe(201);
      const c = first.json().data as Conversation;
      expect(c).toMatchObject({
        initiator_id: alice.id,
        recipient_id: bob.id,
        viewer_id: alice.id,
        star: false,
      });
      expect(c.chatmate.uuid).toBe(bob.uuid);
      expect(c.chatmate).not.toHaveProperty('email');
      // Either side starting again finds the same conversation.
      const again = await api.call('POST', '/api/user-conversations', {
        token: bob.access_token,
        body: { recipient_uuid: alice.uuid },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.uuid).toBe(c.uuid);
      expect(again.json().data.chatmate.uuid).toBe(alice.uuid);

      const sent = await text(alice, c.uuid, '  Hello <script>alert(1)</script>  ', randomUUID(), {
        'x-socket-id': '123.456',
      });
      expect(sent.statusCode).toBe(201);
      const m1 = sent.json().data as Message;
      expect(m1).toMatchObject({
        type: 'text',
        body: 'Hello <script>alert(1)</script>',
        from_id: alice.id,
        to_id: bob.id,
        viewer_id: alice.id,
        conversation_uuid: c.uuid,
        price: 1,
        read_at: null,
        image: null,
      });
      const wink = await send(alice, c.uuid, { client_msg_id: randomUUID(), type: 'wink' });
      expect(wink.statusCode).toBe(201);
      expect(wink.json().data).toMatchObject({ type: 'wink', body: null, price: 1 });
      const reply = await text(bob, c.uuid, 'Hi Alice');
      expect(reply.statusCode).toBe(201);
      const m3 = reply.json().data as Message;
      expect(m3.id).toBeGreaterThan(wink.json().data.id);

      expect(reply.json().meta).toEqual({ credits: 9 });
      expect((await me(alice)).credits).toBe(8);
      expect((await me(bob)).credits).toBe(9);
      expect(await ledgerBalance(api.context.db, alice.id)).toBe(8);
      const debits = (await ledgerEntries(alice.id)).filter((e) => e.reason === 'message');
      expect(debits.map((e) => e.reference).sort()).toEqual(
        [`message:${m1.id}`, `message:${wink.json().data.id}`].sort(),
      );

      // Catch up after m1: the wink and the reply, oldest first, as Bob sees them.
      const after = await messagesOf(bob, c.uuid, `?after=${m1.id}`);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.map((m: Message) => m.id)).toEqual([wink.json().data.id, m3.id]);
      expect(after.json().data[0]).toMatchObject({ viewer_id: bob.id, price: 0 });
      expect(after.json().meta).toEqual({ has_more: false });
      expect((await messagesOf(bob, c.uuid, `?after=${m3.id}`)).json().data).toEqual([]);
      const latest = await messagesOf(alice, c.uuid, '?limit=2');
      expect(latest.json().data.map((m: Message) => m.id)).toEqual([wink.json().data.id, m3.id]);
      expect(latest.json().meta.has_more).toBe(true);
      const back = await messagesOf(alice, c.uuid, `?before=${wink.json().data.id}`);
      expect(back.json().data.map((m: Message) => m.id)).toEqual([m1.id]);
      expect(back.json().meta.has_more).toBe(false);

      // Broadcast on the conversation channel, after commit, skipping the sender's socket.
      const events = await until(
        () =>
          published.filter(
            (p) => p.channels[0] === `private-conversation.${c.uuid}` && p.event === 'message.sent',
          ),
        (e) => e.length === 3 && e.every((p) => p.stored !== undefined),
      );
      expect(events.map((e) => (e.data as Message).id)).toEqual([m1.id, wink.json().data.id, m3.id]);
      expect(events.every((e) => e.stored)).toBe(true);
      expect(events[0]?.socketId).toBe('123.456');
      expect((events[0]?.data as Message | undefined)?.viewer_id).toBeNull();

      // MESSAGE_RECEIVED for the recipient, through the notification writer.
      const notes = (await api.call('GET', '/api/user-notifications', { token: bob.access_token })).json()
        .data as UserNotification[];
      expect(notes[0]?.data).toMatchObject({
        action_type: 'MESSAGE_RECEIVED',
        from_user_uuid: alice.uuid,
        message: {
          type: 'wink',
          from: { uuid: alice.uuid, username: alice.username },
          conversation: { uuid: c.uuid },
        },
      });
      expect(notes.filter((n) => n.data.action_type === 'MESSAGE_RECEIVED')).toHaveLength(2);
      // Stored with the message, in the same call: its time is the message's, to the millisecond.
      expect(notes[0]?.data.timestamp).toBe(wink.json().data.created_at);
      expect(notes[0]?.created_at).toBe(wink.json().data.created_at);
    });

    it('a retried send returns the original: one message and one debit, also for concurrent duplicates', async () => {
      const alice = await member(10);
      const bob = await member();
      const c = await start(alice, bob);
      const id = randomUUID();
      const first = await text(alice, c.uuid, 'once');
      expect(first.statusCode).toBe(201);
      const retryId = randomUUID();
      const a = await text(alice, c.uuid, 'retry me', retryId);
      const b = await text(alice, c.uuid, 'retry me', retryId);
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(200);
      expect(b.json().data).toEqual(a.json().data);

      const concurrent = await Promise.all(Array.from({ length: 6 }, () => text(alice, c.uuid, 'burst', id)));
      expect(concurrent.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(concurrent.map((r) => r.json().data.id)).size).toBe(1);
      expect(await countMessages(alice.id)).toBe(3);
      expect((await me(alice)).credits).toBe(7);
      expect((await ledgerEntries(alice.id)).filter((e) => e.reason === 'message')).toHaveLength(3);

      // Two API processes on one PostgreSQL: the row lock and the unique index still give one message.
      if (driver === 'postgres') {
        const second = await startTestApi(driver, { databaseUrl: api.databaseUrl as string });
        try {
          const shared = randomUUID();
          const both = await Promise.all(
            [api, second, api, second].map((target) =>
              target.call('POST', `/api/user-conversations/${c.uuid}/messages`, {
                token: alice.access_token,
                body: { client_msg_id: shared, type: 'text', body: 'twice' },
              }),
            ),
          );
          expect(both.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
          expect(await countMessages(alice.id)).toBe(4);
          expect((await me(alice)).credits).toBe(6);
        } finally {
          await second.close();
        }
      }

      // The same client id in another conversation is a client mistake, not a silent success.
      const carol = await member();
      const c2 = await start(alice, carol);
      const reused = await text(alice, c2.uuid, 'burst', id);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors.client_msg_id).toBeDefined();
    });

    it('without enough credits nothing is stored or debited (402 on credits); the unlimited pass sends free', async () => {
      const alice = await member(1);
      const bob = await member();
      const c = await start(alice, bob);
      expect((await text(alice, c.uuid, 'the last credit')).statusCode).toBe(201);
      const refused = await text(alice, c.uuid, 'no credits left');
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({
        message: 'You do not have enough credits to send this message.',
        errors: { credits: ['You do not have enough credits to send this message.'] },
      });
      const image = await pngBytes();
      const form = multipart(
        { client_msg_id: randomUUID() },
        { name: 'a.png', bytes: image, type: 'image/png' },
      );
      const refusedImage = await upload(alice, c.uuid, form);
      expect(refusedImage.statusCode).toBe(402);
      expect(await countMessages(alice.id)).toBe(1);
      expect((await me(alice)).credits).toBe(0);
      expect(await ledgerEntries(alice.id)).toHaveLength(2);

      // The pass, granted behind the API (as another process would): this process sees it once
      // the database's change notice arrives.
      await api.context.db
        .update(users)
        .set({ unliMessageUntil: new Date(Date.now() + 86_400_000) })
        .where(eq(users.id, alice.id));
      await expect.poll(async () => (await me(alice)).has_unli_message, { interval: 20 }).toBe(true);
      const free = await text(alice, c.uuid, 'on the pass');
      expect(free.statusCode).toBe(201);
      expect(free.json().data.price).toBe(0);
      const prices = await api.call('GET', '/api/message-prices', { token: alice.access_token });
      expect(prices.json().data).toEqual({
        prices: { text: 0, image: 0, wink: 0, trigger: 0 },
        has_unli_message: true,
        credits: 0,
      });
      expect((await me(alice)).credits).toBe(0);
      expect(await ledgerEntries(alice.id)).toHaveLength(2);
    });

    it('image messages go through the photo pipeline: re-encoded, signed URL; a fake image is 422 and costs nothing', async () => {
      const alice = await member(10);
      const bob = await member();
      const c = await start(alice, bob);
      const withExif = await sharp(await pngBytes(400, 300))
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-ish' } } })
        .toBuffer();
      const form = multipart(
        { client_msg_id: randomUUID() },
        { name: 'me.jpg', bytes: withExif, type: 'image/jpeg' },
      );
      const res = await upload(alice, c.uuid, form);
      expect(res.statusCode, res.body).toBe(201);
      const msg = res.json().data as Message;
      expect(msg).toMatchObject({ type: 'image', body: null, price: 2, image: { width: 400, height: 300 } });
      const url = new URL(msg.image?.url ?? '');
      expect(url.pathname).toMatch(/^\/api\/message-images\/[0-9a-f]{32}\.jpg$/);
      const file = await api.call('GET', `${url.pathname}${url.search}`, { siteKey: null });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      // Unsigned or tampered: 404.
      expect((await api.call('GET', url.pathname, { siteKey: null })).statusCode).toBe(404);
      expect(
        (
          await api.call('GET', `${url.pathname}?expires=99999999999&signature=${'a'.repeat(43)}`, {
            siteKey: null,
          })
        ).statusCode,
      ).toBe(404);
      expect((await me(alice)).credits).toBe(8);

      const fake = multipart(
        { client_msg_id: randomUUID() },
        { name: 'cat.jpg', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/jpeg' },
      );
      const refused = await upload(alice, c.uuid, fake);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.image).toBeDefined();
      const missing = multipart({ client_msg_id: randomUUID() });
      const none = await upload(alice, c.uuid, missing);
      expect(none.statusCode).toBe(422);
      expect(await countMessages(alice.id)).toBe(1);
      expect((await me(alice)).credits).toBe(8);
    });

    it("another member's conversation is a 404 everywhere, and so are malformed ids; channel auth follows", async () => {
      const alice = await member(10);
      const bob = await member();
      const eve = await member(10);
      const c = await start(alice, bob);
      await text(alice, c.uuid, 'private');
      const paths = [
        ['GET', `/api/user-conversations/${c.uuid}`],
        ['GET', `/api/user-conversations/${c.uuid}/messages`],
        ['POST', `/api/user-conversations/${c.uuid}/read`],
        ['PUT', `/api/user-conversations/${c.uuid}/star`],
        ['DELETE', `/api/user-conversations/${c.uuid}/star`],
        ['DELETE', `/api/user-conversations/${c.uuid}`],
      ] as const;
      for (const [method, path] of paths) {
        const res = await api.call(method, path, { token: eve.access_token });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
      expect((await text(eve, c.uuid, 'let me in')).statusCode).toBe(404);
      for (const probe of [
        '0',
        '-1',
        '1e309',
        '99999999999999999999',
        '1%20OR%201%3D1',
        `${c.id}`,
        'x'.repeat(90),
      ]) {
        const res = await api.call('GET', `/api/user-conversations/${probe}`, { token: alice.access_token });
        expect(res.statusCode, probe).toBe(404);
        expect(
          (await api.call('GET', `/api/user-conversations/${probe}/messages`, { token: alice.access_token }))
            .statusCode,
        ).toBe(404);
      }
      for (const query of ['?include=last_message&include=last_message', '?include=email']) {
        const res = await api.call('GET', `/api/user-conversations/${c.uuid}${query}`, {
          token: alice.access_token,
        });
        expect(res.statusCode, query).toBe(422);
      }
      expect((await messagesOf(alice, c.uuid, '?after=1&after=2')).statusCode).toBe(422);
      expect((await list(eve)).json().data).toEqual([]);
      expect((await api.call('GET', `/api/user-conversations/${c.uuid}`)).statusCode).toBe(401);

      const authFor = (m: Member) =>
        api.call('POST', '/api/broadcasting/auth', {
          token: m.access_token,
          body: { socket_id: '1.2', channel_name: `private-conversation.${c.uuid}` },
        });
      expect((await authFor(alice)).statusCode).toBe(200);
      expect((await authFor(bob)).statusCode).toBe(200);
      expect((await authFor(eve)).statusCode).toBe(403);
    });

    it('a block either way stops messages (404: the conversation is gone for both) and hides the conversation; starting one is refused', async () => {
      const alice = await member(10);
      const bob = await member(10);
      const c = await start(alice, bob);
      await text(alice, c.uuid, 'hi');
      expect(
        (await api.call('PUT', `/api/profiles/${alice.uuid}/block`, { token: bob.access_token })).statusCode,
      ).toBe(200);
      for (const [from] of [[alice], [bob]] as const) {
        const res = await text(from, c.uuid, 'still there?');
        expect(res.statusCode).toBe(404);
      }
      expect((await me(alice)).credits).toBe(9);
      expect((await list(alice)).json().data).toEqual([]);
      const again = await api.call('POST', '/api/user-conversations', {
        token: alice.access_token,
        body: { recipient_uuid: bob.uuid },
      });
      expect(again.statusCode).toBe(422);
      expect((await me(bob)).unread_messages_count).toBe(0);
    });

    it('lists starred first then newest, with filters, meta and delete-for-me that comes back with a new message', async () => {
      const viewer = await member(50);
      const others = [await member(10), await member(10), await member(10)];
      const convs: Conversation[] = [];
      for (const other of others) {
        const c = await start(viewer, other);
        convs.push(c);
        await text(viewer, c.uuid, `hello ${other.username}`);
        await wait(5);
      }
      // Bob (others[0]) answers last, so his conversation is the newest.
      await text(others[0] as Member, convs[0]?.uuid ?? '', 'answer');
      const [c0, c1, c2] = convs as [Conversation, Conversation, Conversation];

      let res = await list(
        viewer,
        '?include=recipient.approved_primary,initiator.approved_primary,last_message',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: Conversation) => c.uuid)).toEqual([c0.uuid, c2.uuid, c1.uuid]);
      expect(res.json().meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 3,
        starred_conversations: 0,
      });
      const top = res.json().data[0] as Conversation;
      expect(top.last_message).toMatchObject({ body: 'answer', read_at: null });
      expect(top.unread_count).toBe(1);
      expect(top.recipient).toHaveProperty('approved_primary', null);

      expect(
        (
          await api.call('PUT', `/api/user-conversations/${c1.uuid}/star`, { token: viewer.access_token })
        ).json().data.star,
      ).toBe(true);
      res = await list(viewer, '?limit=2');
      expect(res.json().data.map((c: Conversation) => c.uuid)).toEqual([c1.uuid, c0.uuid]);
      expect(res.json().meta).toMatchObject({
        current_page: 1,
        last_page: 2,
        total: 3,
        starred_conversations: 1,
      });
      expect(res.json().data[0]).not.toHaveProperty('last_message');
      expect((await list(viewer, '?limit=2&page=2')).json().data.map((c: Conversation) => c.uuid)).toEqual([
        c2.uuid,
      ]);
      expect((await list(viewer, '?star=1')).json().data.map((c: Conversation) => c.uuid)).toEqual([c1.uuid]);
      expect((await list(viewer, '?filter[star]=0')).json().meta.total).toBe(2);
      expect(
        (await list(viewer, '?filter[only_unread]=1')).json().data.map((c: Conversation) => c.uuid),
      ).toEqual([c0.uuid]);
      expect((await list(viewer, '?only_read=1')).json().meta.total).toBe(2);
      const bobName = (others[0] as Member).username;
      expect(
        (await list(viewer, `?filter[username]=${bobName.toUpperCase()}`))
          .json()
          .data.map((c: Conversation) => c.uuid),
      ).toEqual([c0.uuid]);
      expect((await list(viewer, '?filter[username]=%25')).json().data).toEqual([]);
      for (const bad of [
        '?filter[nope]=1',
        '?limit=0',
        '?include=email',
        '?page=-1',
        '?filter[only_read]=maybe',
      ]) {
        expect((await list(viewer, bad)).statusCode, bad).toBe(422);
      }
      // The recipient sees the conversation once a message exists; only one side starred it.
      const theirs = (await list(others[1] as Member)).json().data as Conversation[];
      expect(theirs.map((c) => c.uuid)).toEqual([c1.uuid]);
      expect(theirs[0]?.star).toBe(false);
      expect(theirs[0]?.chatmate.uuid).toBe(viewer.uuid);

      // Delete for me: gone for the viewer only, history hidden and read; back with a new message.
      expect(
        (await api.call('DELETE', `/api/user-conversations/${c0.uuid}`, { token: viewer.access_token }))
          .statusCode,
      ).toBe(200);
      expect((await list(viewer)).json().data.map((c: Conversation) => c.uuid)).toEqual([c1.uuid, c2.uuid]);
      expect((await me(viewer)).unread_messages_count).toBe(0);
      expect((await messagesOf(viewer, c0.uuid)).json().data).toEqual([]);
      expect((await list(others[0] as Member)).json().data.map((c: Conversation) => c.uuid)).toEqual([
        c0.uuid,
      ]);
      await text(others[0] as Member, c0.uuid, 'are you there?');
      const back = (await list(viewer, '?include=last_message')).json().data as Conversation[];
      expect(back.map((c) => c.uuid)).toEqual([c1.uuid, c0.uuid, c2.uuid]);
      expect(back[1]?.last_message?.body).toBe('are you there?');
      expect((await messagesOf(viewer, c0.uuid)).json().data.map((m: Message) => m.body)).toEqual([
        'are you there?',
      ]);
    });

    it('marks messages read up to an id, with the /me counters and a message.read event', async () => {
      const alice = await member(10);
      const bob = await member();
      const c = await start(alice, bob);
      const ids: number[] = [];
      for (const body of ['one', 'two', 'three']) ids.push((await text(alice, c.uuid, body)).json().data.id);
      expect(await me(bob)).toMatchObject({ unread_messages_count: 3, received_messages_count: 3 });
      expect(await me(alice)).toMatchObject({ unread_messages_count: 0, received_messages_count: 0 });

      const partial = await api.call('POST', `/api/user-conversations/${c.uuid}/read`, {
        token: bob.access_token,
        body: { up_to_id: ids[1] },
      });
      expect(partial.statusCode).toBe(200);
      expect(partial.json().data).toMatchObject({ updated: 2, unread_messages_count: 1 });
      const seen = (await messagesOf(alice, c.uuid)).json().data as Message[];
      expect(seen.map((m) => m.read_at !== null)).toEqual([true, true, false]);
      // Alice reading does not mark her own sent messages.
      expect(
        (
          await api.call('POST', `/api/user-conversations/${c.uuid}/read`, { token: alice.access_token })
        ).json().data.updated,
      ).toBe(0);
      const rest = await api.call('POST', `/api/user-conversations/${c.uuid}/read`, {
        token: bob.access_token,
      });
      expect(rest.json().data).toMatchObject({ updated: 1, unread_messages_count: 0 });
      expect(await me(bob)).toMatchObject({ unread_messages_count: 0, received_messages_count: 3 });
      const readEvents = await until(
        () =>
          published.filter(
            (p) => p.channels[0] === `private-conversation.${c.uuid}` && p.event === 'message.read',
          ),
        (e) => e.length === 2,
      );
      expect(readEvents.map((e) => (e.data as { up_to_id: number }).up_to_id)).toEqual([ids[1], ids[2]]);
      // The UK GDPR export carries the conversation with its messages.
      const exported = await api.call('GET', '/api/account/export', { token: bob.access_token });
      expect(exported.statusCode).toBe(200);
      expect(exported.json().conversations).toEqual([
        expect.objectContaining({
          uuid: c.uuid,
          started_by_me: false,
          chatmate: { uuid: alice.uuid, username: alice.username },
          messages: [
            expect.objectContaining({ body: 'one', from_me: false }),
            expect.objectContaining({ body: 'two' }),
            expect.objectContaining({ body: 'three' }),
          ],
        }),
      ]);
      for (const bad of [{ up_to_id: 'all' }, { up_to_id: -1 }, { up_to_id: 1.5 }, { up_to_id: [1] }]) {
        const res = await api.call('POST', `/api/user-conversations/${c.uuid}/read`, {
          token: bob.access_token,
          body: bad,
        });
        expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      }
    });

    it('bad input is a 422 (never a 500) and a flood is a 429', async () => {
      const alice = await member(100);
      const bob = await member();
      const c = await start(alice, bob);
      const bad: [unknown, string][] = [
        [{ type: 'text', body: 'x' }, 'client_msg_id'],
        [{ client_msg_id: 'not-a-uuid', type: 'text', body: 'x' }, 'client_msg_id'],
        [{ client_msg_id: randomUUID(), type: 'sticker', body: 'x' }, 'type'],
        [{ client_msg_id: randomUUID(), type: 'text' }, 'body'],
        [{ client_msg_id: randomUUID(), type: 'text', body: '   \n\t ' }, 'body'],
        [{ client_msg_id: randomUUID(), type: 'text', body: 'x'.repeat(2001) }, 'body'],
        [{ client_msg_id: randomUUID(), type: 'text', body: 'nul\u0000byte' }, 'body'],
        [{ client_msg_id: randomUUID(), type: 'text', body: 'lone \ud800 surrogate' }, 'body'],
        [{ client_msg_id: randomUUID(), type: 'text', body: { $ne: 1 } }, 'body'],
        [{ client_msg_id: [randomUUID()], type: 'text', body: 'x' }, 'client_msg_id'],
        [{ client_msg_id: randomUUID(), type: 'image', body: 'x' }, 'type'],
        [[1, 2], 'body'],
      ];
      for (const [body, field] of bad) {
        const res = await send(alice, c.uuid, body as Record<string, unknown>);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
      }
      const raw = await api.call('POST', `/api/user-conversations/${c.uuid}/messages`, {
        token: alice.access_token,
        body: '{"client_msg_id": "x", "type": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw.statusCode).toBe(422);
      expect((await text(alice, c.uuid, 'x'.repeat(2000))).statusCode).toBe(201);
      expect((await text(alice, c.uuid, '\u202Eevil\u200B zero-width 😀')).statusCode).toBe(201);
      const start422 = await api.call('POST', '/api/user-conversations', {
        token: alice.access_token,
        body: { recipient_uuid: alice.uuid },
      });
      expect(start422.statusCode).toBe(422);
      expect(
        (
          await api.call('POST', '/api/user-conversations', {
            token: alice.access_token,
            body: { recipient_uuid: '1 OR 1=1' },
          })
        ).statusCode,
      ).toBe(422);
      expect((await messagesOf(alice, c.uuid, '?after=abc')).statusCode).toBe(422);
      expect((await messagesOf(alice, c.uuid, '?after=1&before=2')).statusCode).toBe(422);
      expect((await messagesOf(alice, c.uuid, '?after=99999999999999999999')).statusCode).toBe(422);
      expect((await messagesOf(alice, c.uuid, '?limit=1000')).statusCode).toBe(422);

      // Flood: 30 messages a minute, then 429 with Retry-After; the refused send costs nothing.
      let sent = 2;
      while (sent < 30) {
        expect((await text(alice, c.uuid, `msg ${sent}`)).statusCode).toBe(201);
        sent += 1;
      }
      const before = (await me(alice)).credits;
      const flood = await text(alice, c.uuid, 'one too many');
      expect(flood.statusCode).toBe(429);
      expect(flood.json().message).toMatch(/^Too many messages\. Please try again in \d+ seconds\.$/);
      expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
      expect((await me(alice)).credits).toBe(before);
    });

    it('a chatmate who deactivated cannot be written to (403, nothing stored or debited)', async () => {
      const alice = await member(10);
      const bob = await member();
      const c = await start(alice, bob);
      expect((await text(alice, c.uuid, 'before')).statusCode).toBe(201);
      const gone = await api.call('POST', '/api/account/deactivate', {
        token: bob.access_token,
        body: { password: bob.password },
      });
      expect(gone.statusCode).toBe(200);
      const credits = (await me(alice)).credits;
      const refused = await text(alice, c.uuid, 'after');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You cannot send messages to this member.');
      expect(await countMessages(alice.id)).toBe(1);
      expect((await me(alice)).credits).toBe(credits);
      // Someone else's conversation stays a 404, whatever the body.
      const eve = await member(10);
      expect((await text(eve, c.uuid, 'not mine')).statusCode).toBe(404);
    });

    it('the flood limit counts stored sends only: replays and refused debits take no place in it', async () => {
      const alice = await member(1);
      const bob = await member();
      const c = await start(alice, bob);
      const id = randomUUID();
      expect((await text(alice, c.uuid, 'the one paid message', id)).statusCode).toBe(201);
      // Far more than the 30 a minute, none of them stored.
      for (let i = 0; i < 35; i += 1) {
        expect((await text(alice, c.uuid, 'the one paid message', id)).statusCode).toBe(200);
        expect((await text(alice, c.uuid, 'no credits')).statusCode).toBe(402);
      }
      await appendCredits(api.context.db, { userId: alice.id, delta: 100, reason: 'promotion' });
      const results = await Promise.all(
        Array.from({ length: 31 }, (_, i) => text(alice, c.uuid, `burst ${i}`)),
      );
      // 29 places were left in the window: the rest are refused, whatever the order they ran in.
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(29);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(2);
      expect(await countMessages(alice.id)).toBe(30);
    });

    it('the ledger is append-only and the cached balance always equals its sum', async () => {
      const alice = await member(5);
      const bob = await member(3);
      const c = await start(alice, bob);
      await Promise.all([text(alice, c.uuid, 'a'), text(alice, c.uuid, 'b'), text(bob, c.uuid, 'c')]);
      await Promise.all(Array.from({ length: 6 }, (_, i) => text(alice, c.uuid, `spam ${i}`)));
      const [a] = await api.context.db.select().from(users).where(eq(users.id, alice.id));
      expect(a?.credits).toBe(0);
      for (const m of [alice, bob]) {
        const [row] = await api.context.db.select().from(users).where(eq(users.id, m.id));
        expect(row?.credits).toBe(await ledgerBalance(api.context.db, m.id));
        expect((await me(m)).credits).toBe(row?.credits);
      }
      expect(await countMessages(alice.id)).toBe(5);
      // No UPDATE on the ledger.
      await expect(
        api.context.db.update(creditLedger).set({ delta: 1000 }).where(eq(creditLedger.userId, alice.id)),
      ).rejects.toThrow();
      // A purchase notification delivered twice credits once.
      await appendCredits(api.context.db, {
        userId: bob.id,
        delta: 100,
        reason: 'purchase',
        provider: 'trustpay',
        txnId: 'T1',
      });
      await expect(
        appendCredits(api.context.db, {
          userId: bob.id,
          delta: 100,
          reason: 'purchase',
          provider: 'trustpay',
          txnId: 'T1',
        }),
      ).rejects.toThrow();
      const [b] = await api.context.db.select().from(users).where(eq(users.id, bob.id));
      expect(b?.credits).toBe(await ledgerBalance(api.context.db, bob.id));
      expect(b?.credits).toBe(102);

      // A balance that predates the ledger (seeded members) gets one opening entry, once.
      const carol = await member();
      await api.context.db.update(users).set({ credits: 100 }).where(eq(users.id, carol.id));
      await recordOpeningBalances(api.context.db);
      await recordOpeningBalances(api.context.db);
      const opening = await api.context.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, carol.id), eq(creditLedger.reason, 'opening_balance')));
      expect(opening).toHaveLength(1);
      expect(await ledgerBalance(api.context.db, carol.id)).toBe(100);
    });
  });
}
