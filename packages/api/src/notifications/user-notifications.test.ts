import type { NotificationCreatedEvent, UserNotification } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userNotifications } from '../db/interactions-schema';
import { users } from '../db/schema';
import { appendCredits } from '../messaging/credit-ledger';
import type { Broadcaster } from '../realtime/broadcaster';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

type Member = Awaited<ReturnType<typeof registerMember>>;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`user notifications API (${driver})`, () => {
    let api: TestApi;
    const published: { channels: string[]; event: string; data: unknown }[] = [];
    const broadcaster: Broadcaster = {
      kind: 'in-process',
      async publish(channels, event, data) {
        published.push({ channels, event, data });
      },
      async presenceUserIds() {
        return [];
      },
    };
    beforeAll(async () => {
      api = await startTestApi(driver, { broadcaster });
    });
    afterAll(async () => {
      await api?.close();
    });

    const uuidOf = async (m: Member) =>
      (await api.call('POST', '/api/me', { token: m.access_token })).json().data.uuid as string;
    const list = (m: Member, query = '') =>
      api.call('GET', `/api/user-notifications${query}`, { token: m.access_token });
    const unread = async (m: Member) =>
      (await api.call('GET', '/api/notifications/count', { token: m.access_token })).json().data.count;

    /** `from` likes, favourites and winks `to`: three notifications for `to`. */
    async function interact(from: Member, toUuid: string) {
      for (const kind of ['like', 'favorite', 'wink']) {
        const res = await api.call('PUT', `/api/profiles/${toUuid}/${kind}`, { token: from.access_token });
        expect(res.statusCode).toBe(200);
      }
    }

    /** `from` starts a conversation with `toUuid` and writes in it (`from` needs a credit). */
    async function message(from: Member, toUuid: string, text: string) {
      const started = await api.call('POST', '/api/user-conversations', {
        token: from.access_token,
        body: { recipient_uuid: toUuid },
      });
      const sent = await api.call('POST', `/api/user-conversations/${started.json().data.uuid}/messages`, {
        token: from.access_token,
        body: { client_msg_id: crypto.randomUUID(), type: 'text', body: text },
      });
      expect(sent.statusCode).toBe(201);
    }

    it('lists newest first with pages, counts unread, marks one and all read, broadcasts each', async () => {
      const owner = await registerMember(api);
      const fans = [await registerMember(api), await registerMember(api)];
      const ownerUuid = await uuidOf(owner);
      for (const fan of fans) await interact(fan, ownerUuid);

      const all = await list(owner);
      expect(all.statusCode).toBe(200);
      const ids = all.json().data.map((n: UserNotification) => n.id);
      expect(ids).toHaveLength(6);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect(all.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 6 });
      expect(all.json().data[0]).toMatchObject({
        read_at: null,
        data: { action_type: 'PROFILE_WINK', from_user_name: fans[1]?.username },
      });

      // Every stored record went out on the owner's channel, as the resource. Broadcasts run in
      // the background after the request (they read the recipient's counters first).
      const mine = () => published.filter((p) => p.channels[0] === `private-notifications.user.${ownerUuid}`);
      await vi.waitFor(
        () =>
          expect(
            mine()
              .map((p) => (p.data as UserNotification).id)
              .sort(),
          ).toEqual([...ids].sort()),
        { timeout: 5_000 },
      );
      expect(mine().every((p) => p.event === 'notification.created')).toBe(true);

      const page2 = await list(owner, '?limit=4&page=2');
      expect(page2.json().meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 4, total: 6 });
      expect(page2.json().data.map((n: UserNotification) => n.id)).toEqual(ids.slice(4));
      const ascending = await list(owner, '?sort=id&limit=2');
      expect(ascending.json().data.map((n: UserNotification) => n.id)).toEqual(
        [...ids].reverse().slice(0, 2),
      );

      const after = await list(owner, `?filter[after_id]=${ids[2]}`);
      expect(after.json().data.map((n: UserNotification) => n.id)).toEqual(ids.slice(0, 2));
      expect((await list(owner, `?filter[after_id]=${ids[0]}`)).json().data).toEqual([]);

      expect(await unread(owner)).toBe(6);
      const one = await api.call('PUT', `/api/user-notifications/${ids[0]}/read`, {
        token: owner.access_token,
      });
      expect(one.statusCode).toBe(200);
      const readAt = one.json().data.read_at;
      expect(readAt).toEqual(expect.any(String));
      expect(await unread(owner)).toBe(5);
      // Idempotent: the first read time stays.
      const again = await api.call('PUT', `/api/user-notifications/${ids[0]}/read`, {
        token: owner.access_token,
      });
      expect(again.json().data.read_at).toBe(readAt);
      expect((await list(owner, '?filter[unread]=1')).json().meta.total).toBe(5);
      expect((await list(owner, '?filter[unread]=0')).json().meta.total).toBe(1);

      // The model layer's save: PUT with the resource; read_at null marks unread again.
      const saved = await api.call('PUT', `/api/user-notifications/${ids[0]}`, {
        token: owner.access_token,
        body: { ...all.json().data[0], read_at: null },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.read_at).toBeNull();
      const savedRead = await api.call('PUT', `/api/user-notifications/${ids[1]}`, {
        token: owner.access_token,
        body: { read_at: '2000-01-01T00:00:00Z' },
      });
      expect(new Date(savedRead.json().data.read_at).getFullYear()).toBeGreaterThan(2020);
      expect(await unread(owner)).toBe(5);

      const readAll = await api.call('POST', '/api/user-notifications/read-all', {
        token: owner.access_token,
      });
      expect(readAll.statusCode).toBe(200);
      expect(readAll.json()).toEqual({ message: 'All notifications marked as read.', data: { updated: 5 } });
      expect(await unread(owner)).toBe(0);
      expect((await list(owner)).json().data.every((n: UserNotification) => n.read_at !== null)).toBe(true);
    });

    it('sends the recipient’s counters with each notification, as they stand once it is stored', async () => {
      const owner = await registerMember(api);
      const fan = await registerMember(api);
      const [ownerUuid, fanUuid] = [await uuidOf(owner), await uuidOf(fan)];
      const [fanRow] = await api.context.db.select().from(users).where(eq(users.uuid, fanUuid));
      if (!fanRow) throw new Error('fan missing');
      await appendCredits(api.context.db, { userId: fanRow.id, delta: 5, reason: 'promotion' });
      /** The event published for the owner's notification of this action type, once it is out. */
      async function eventFor(actionType: string): Promise<NotificationCreatedEvent> {
        for (let waited = 0; waited < 3000; waited += 20) {
          const event = published
            .filter((p) => p.channels[0] === `private-notifications.user.${ownerUuid}`)
            .map((p) => p.data as NotificationCreatedEvent)
            .find((e) => e.data.action_type === actionType);
          if (event) return event;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`no ${actionType} event`);
      }

      await api.call('PUT', `/api/profiles/${ownerUuid}/favorite`, { token: fan.access_token });
      expect((await eventFor('USER_FAVORITE')).counts).toEqual({
        unread_messages_count: 0,
        new_visitors_count: 0,
        unread_favorites_count: 1,
      });
      await api.call('GET', `/api/profiles/${ownerUuid}`, { token: fan.access_token });
      expect((await eventFor('PROFILE_VIEW')).counts).toEqual({
        unread_messages_count: 0,
        new_visitors_count: 1,
        unread_favorites_count: 1,
      });
      await message(fan, ownerUuid, 'hello');
      const received = await eventFor('MESSAGE_RECEIVED');
      expect(received.counts).toEqual({
        unread_messages_count: 1,
        new_visitors_count: 1,
        unread_favorites_count: 1,
      });
      // The rest of the event is the stored resource, as the list serves it.
      const { counts: _counts, ...resource } = received;
      expect((await list(owner)).json().data[0]).toEqual(resource);
    });

    it('deletes only the member’s own notifications; anything else is 404', async () => {
      const owner = await registerMember(api);
      const other = await registerMember(api);
      const fan = await registerMember(api);
      await interact(fan, await uuidOf(owner));
      await interact(fan, await uuidOf(other));
      const [first] = (await list(owner)).json().data as UserNotification[];
      const [theirs] = (await list(other)).json().data as UserNotification[];
      if (!first || !theirs) throw new Error('notifications missing');

      for (const [method, suffix] of [
        ['DELETE', ''],
        ['PUT', '/read'],
        ['PUT', ''],
      ] as const) {
        const res = await api.call(method, `/api/user-notifications/${theirs.id}${suffix}`, {
          token: owner.access_token,
          ...(method === 'PUT' && suffix === '' ? { body: { read_at: 'now' } } : {}),
        });
        expect(res.statusCode, `${method} ${suffix}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.' });
      }
      expect((await list(other)).json().data[0]).toEqual(theirs);

      for (const id of ['0', '-1', '1e309', '99999999999999999999', '1%20OR%201=1', 'abc', '2147483648']) {
        const res = await api.call('DELETE', `/api/user-notifications/${id}`, { token: owner.access_token });
        expect(res.statusCode, id).toBe(404);
      }

      const del = await api.call('DELETE', `/api/user-notifications/${first.id}`, {
        token: owner.access_token,
      });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: 'Notification deleted' });
      expect((await list(owner)).json().meta.total).toBe(2);
      const twice = await api.call('DELETE', `/api/user-notifications/${first.id}`, {
        token: owner.access_token,
      });
      expect(twice.statusCode).toBe(404);
    });

    it('lists the rest when one stored notification is outside the contract, and it can still be deleted', async () => {
      const owner = await registerMember(api);
      const fan = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      await interact(fan, ownerUuid);
      const [row] = await api.context.db.select().from(users).where(eq(users.uuid, ownerUuid));
      if (!row) throw new Error('owner missing');
      // As an operator's hand or an older version might have left it: no image, an unknown type.
      const [odd] = await api.context.db
        .insert(userNotifications)
        .values({
          userId: row.id,
          actionType: 'PROFILE_VIEW',
          data: { action_type: 'POKE', timestamp: 'now' },
        })
        .returning();
      if (!odd) throw new Error('insert failed');

      const res = await list(owner);
      expect(res.statusCode).toBe(200);
      const listed = res.json().data as UserNotification[];
      expect(listed.map((n) => n.data.action_type)).toEqual(['PROFILE_WINK', 'USER_FAVORITE', 'USER_LIKE']);
      expect(await unread(owner)).toBe(4);
      const del = await api.call('DELETE', `/api/user-notifications/${odd.id}`, {
        token: owner.access_token,
      });
      expect(del.statusCode).toBe(200);
      expect(await unread(owner)).toBe(3);
    });

    it('mutes and unmutes a sender by username: muted senders create no notifications', async () => {
      const owner = await registerMember(api);
      const fan = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      const before = published.length;

      const mute = await api.call('POST', `/api/user-notifications/${fan.username.toUpperCase()}/mute`, {
        token: owner.access_token,
      });
      expect(mute.statusCode).toBe(200);
      expect(mute.json()).toEqual({
        message: `You won't receive notifications from ${fan.username} anymore.`,
        data: { from_user_name: fan.username, muted: true },
      });
      // Idempotent.
      expect(
        (
          await api.call('POST', `/api/user-notifications/${fan.username}/mute`, {
            token: owner.access_token,
          })
        ).statusCode,
      ).toBe(200);

      await interact(fan, ownerUuid);
      expect(await api.call('GET', `/api/profiles/${ownerUuid}`, { token: fan.access_token })).toHaveProperty(
        'statusCode',
        200,
      );
      // A message from a muted sender is delivered; only its notification is not stored.
      const [fanRow] = await api.context.db.select().from(users).where(eq(users.username, fan.username));
      if (!fanRow) throw new Error('fan missing');
      await appendCredits(api.context.db, { userId: fanRow.id, delta: 5, reason: 'promotion' });
      await message(fan, ownerUuid, 'still here');
      expect((await list(owner)).json().meta.total).toBe(0);
      expect(published.slice(before).some((p) => p.channels[0]?.includes(ownerUuid))).toBe(false);
      // The interactions themselves still happened.
      const [row] = await api.context.db.select().from(users).where(eq(users.uuid, ownerUuid));
      expect(row).toBeDefined();

      const unmute = await api.call('DELETE', `/api/user-notifications/${fan.username}/unmute`, {
        token: owner.access_token,
      });
      expect(unmute.statusCode).toBe(200);
      expect(unmute.json().message).toBe(`Notifications from ${fan.username} are restored.`);
      await api.call('DELETE', `/api/profiles/${ownerUuid}/like`, { token: fan.access_token });
      await api.call('PUT', `/api/profiles/${ownerUuid}/like`, { token: fan.access_token });
      expect((await list(owner)).json().data[0].data).toMatchObject({
        action_type: 'USER_LIKE',
        from_user_name: fan.username,
      });
    });

    it('answers 422 with a message for an unknown username or the member themself', async () => {
      const owner = await registerMember(api);
      for (const [name, message] of [
        ['nobody_here_at_all', 'The selected from user name is invalid'],
        [owner.username, 'You cannot mute notifications from yourself.'],
        ['%00', 'The selected from user name is invalid'],
        ['x'.repeat(90), 'The selected from user name is invalid'],
      ] as const) {
        for (const [method, action] of [
          ['POST', 'mute'],
          ['DELETE', 'unmute'],
        ] as const) {
          const res = await api.call(method, `/api/user-notifications/${name}/${action}`, {
            token: owner.access_token,
          });
          expect(res.statusCode, `${method} ${name}`).toBe(422);
          expect(res.json()).toEqual({ message, errors: { from_user_name: [message] } });
        }
      }
    });

    it('needs a member token and refuses bad list queries with 422', async () => {
      for (const [method, url] of [
        ['GET', '/api/user-notifications'],
        ['GET', '/api/notifications/count'],
        ['POST', '/api/user-notifications/read-all'],
        ['PUT', '/api/user-notifications/1/read'],
        ['DELETE', '/api/user-notifications/1'],
        ['POST', '/api/user-notifications/someone/mute'],
      ] as const) {
        expect((await api.call(method, url)).statusCode, url).toBe(401);
      }
      const owner = await registerMember(api);
      for (const query of [
        '?filter[after_id]=abc',
        '?filter[after_id]=-1',
        '?filter[after_id]=99999999999',
        '?filter[unread]=maybe',
        '?filter[other]=1',
        '?sort=created_at',
        '?limit=51',
        '?page=0',
        '?include=sender',
      ]) {
        const res = await list(owner, query);
        expect(res.statusCode, query).toBe(422);
        expect(res.json().errors).toBeDefined();
      }
      const badSave = await api.call('PUT', '/api/user-notifications/1', {
        token: owner.access_token,
        body: { read_at: 5 },
      });
      expect(badSave.statusCode).toBe(422);
    });
  });
}
