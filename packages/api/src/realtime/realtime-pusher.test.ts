import type { AddressInfo } from 'node:net';
import { REALTIME_EVENTS, realtimeChannels, type UserNotification } from '@ukd/contracts/api';
import Pusher, { type Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../options';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';
import { nextEvent, startTestRealtime, TEST_REALTIME_APP, type TestRealtime } from '../test/realtime-kit';
import { inProcessBroadcaster, pusherHttpBroadcaster } from './broadcaster';
import { OnlineCounter } from './realtime-services';

type Member = Awaited<ReturnType<typeof registerMember>>;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`pusher-js against the realtime server and the API's broadcaster (${driver})`, () => {
    let api: TestApi;
    let rt: TestRealtime;
    let apiPort = 0;
    const clients: Pusher[] = [];
    let alice: Member;
    let bob: Member;
    let aliceUuid: string;
    let bobUuid: string;

    beforeAll(async () => {
      rt = await startTestRealtime();
      api = await startTestApi(driver, {
        realtimeApp: { id: TEST_REALTIME_APP.id, secret: TEST_REALTIME_APP.secret },
        broadcaster: inProcessBroadcaster(rt.realtime, TEST_REALTIME_APP.id),
      });
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      apiPort = (api.app.server.address() as AddressInfo).port;
      alice = await registerMember(api);
      bob = await registerMember(api, { gender: 'male' });
      aliceUuid = (await api.call('POST', '/api/me', { token: alice.access_token })).json().data.uuid;
      bobUuid = (await api.call('POST', '/api/me', { token: bob.access_token })).json().data.uuid;
    });
    afterAll(async () => {
      for (const client of clients) client.disconnect();
      await rt?.close();
      await api?.close();
    });

    /** The API's broadcaster through the realtime server's signed HTTP API. */
    const httpBroadcaster = () =>
      pusherHttpBroadcaster({
        host: '127.0.0.1',
        port: rt.port,
        ...TEST_REALTIME_APP,
        appId: TEST_REALTIME_APP.id,
      });

    /** A pusher-js client that authorises through POST /api/broadcasting/auth as the member. */
    function connect(member: Member, port = apiPort): Pusher {
      const client = new Pusher(TEST_REALTIME_APP.key, {
        cluster: '',
        wsHost: '127.0.0.1',
        wsPort: rt.port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          endpoint: `http://127.0.0.1:${port}/api/broadcasting/auth`,
          transport: 'ajax',
          headers: { 'Site-key': DEFAULT_SITE.key, Authorization: `Bearer ${member.access_token}` },
        },
      });
      clients.push(client);
      return client;
    }

    it('delivers the notification a like and a profile view create, after it is stored', async () => {
      const client = connect(alice);
      const channel = client.subscribe(realtimeChannels.notifications(aliceUuid));
      await nextEvent(channel, 'pusher:subscription_succeeded');

      const liked = nextEvent<UserNotification>(channel, REALTIME_EVENTS.notificationCreated);
      const like = await api.call('PUT', `/api/profiles/${aliceUuid}/like`, { token: bob.access_token });
      expect(like.statusCode).toBe(200);
      const event = await liked;
      expect(event).toMatchObject({
        read_at: null,
        data: {
          action_type: 'USER_LIKE',
          from_user_name: bob.username,
          from_user_uuid: bobUuid,
          liker: { username: bob.username, uuid: bobUuid },
        },
      });
      // The event is the stored resource: the list serves the same record under the same id.
      // (plus the recipient's counters, which the list does not carry).
      const list = await api.call('GET', '/api/user-notifications', { token: alice.access_token });
      const { counts: _counts, ...resource } = event as UserNotification & { counts: unknown };
      expect(list.json().data[0]).toEqual(resource);

      const viewed = nextEvent<UserNotification>(channel, REALTIME_EVENTS.notificationCreated);
      expect(
        (await api.call('GET', `/api/profiles/${aliceUuid}`, { token: bob.access_token })).statusCode,
      ).toBe(200);
      const view = await viewed;
      expect(view.data).toMatchObject({ action_type: 'PROFILE_VIEW', viewer: { uuid: bobUuid } });
      expect(view.id).toBeGreaterThan(event.id);

      // Catching up by id after a missed event.
      const missed = await api.call('GET', `/api/user-notifications?filter[after_id]=${event.id}`, {
        token: alice.access_token,
      });
      expect(missed.json().data.map((n: UserNotification) => n.id)).toEqual([view.id]);
    });

    it('refuses another member’s channel through the auth endpoint', async () => {
      const client = connect(alice);
      const channel = client.subscribe(realtimeChannels.notifications(bobUuid));
      const error = await nextEvent<{ status: number }>(channel, 'pusher:subscription_error');
      expect(error.status).toBe(403);
    });

    it('counts members in presence-online, in process and through the HTTP API', async () => {
      const online: Channel[] = [];
      for (const member of [alice, bob, alice]) {
        const channel = connect(member).subscribe(realtimeChannels.online);
        online.push(channel);
        await nextEvent(channel, 'pusher:subscription_succeeded');
      }
      // Lists of profiles read the same cached list; start from an empty cache.
      api.context.realtime.online = new OnlineCounter(api.context.realtime.broadcaster, () => {});
      const res = await api.call('GET', '/api/onlines/count');
      expect(res.json()).toEqual({ data: { online: 2 } });

      const http = httpBroadcaster();
      expect((await http.presenceUserIds(realtimeChannels.online)).sort()).toEqual(
        [aliceUuid, bobUuid].sort(),
      );
      expect(await http.presenceUserIds('presence-empty')).toEqual([]);
    });

    it('publishes through the signed HTTP API and leaves out the X-Socket-ID sender', async () => {
      const http = httpBroadcaster();
      const sender = connect(bob);
      const other = connect(bob);
      const name = realtimeChannels.credits(bobUuid);
      const senderChannel = sender.subscribe(name);
      const otherChannel = other.subscribe(name);
      await Promise.all([
        nextEvent(senderChannel, 'pusher:subscription_succeeded'),
        nextEvent(otherChannel, 'pusher:subscription_succeeded'),
      ]);
      let senderGot = 0;
      senderChannel.bind(REALTIME_EVENTS.creditsEarned, () => {
        senderGot += 1;
      });
      const received = nextEvent(otherChannel, REALTIME_EVENTS.creditsEarned);
      const payload = { credits_earned: 100, credits: 200, reason: 'purchase' };
      await http.publish([name], REALTIME_EVENTS.creditsEarned, payload, {
        socketId: sender.connection.socket_id,
      });
      expect(await received).toEqual(payload);

      // The API's own helper, in process, reaches both sockets.
      const both = Promise.all([
        nextEvent(senderChannel, REALTIME_EVENTS.creditsEarned),
        nextEvent(otherChannel, REALTIME_EVENTS.creditsEarned),
      ]);
      await api.context.realtime.events.creditsEarned(bobUuid, { ...payload, credits_earned: 5 });
      expect((await both)[0]).toMatchObject({ credits_earned: 5 });
      expect(senderGot).toBe(1);
    });

    it('events published in one turn travel ten to a request; one too large for a batch fails alone', async () => {
      const http = httpBroadcaster();
      const name = realtimeChannels.credits(bobUuid);
      const channel = connect(bob).subscribe(name);
      await nextEvent(channel, 'pusher:subscription_succeeded');
      const got: number[] = [];
      channel.bind(REALTIME_EVENTS.creditsEarned, (event: { credits: number }) => got.push(event.credits));
      const before = rt.httpApiRequests();
      const event = (credits: number, reason = 'purchase') => ({ credits_earned: 1, credits, reason });
      const sent = Array.from({ length: 25 }, (_, i) =>
        http.publish([name], REALTIME_EVENTS.creditsEarned, event(i)),
      );
      const tooLarge = http
        .publish([name], REALTIME_EVENTS.creditsEarned, event(-1, 'x'.repeat(11_000)))
        .then(
          () => 'delivered',
          (error: unknown) => String(error),
        );
      await Promise.all(sent);
      expect(await tooLarge).toMatch(/answered 413/);
      // Batches of 10, 10 and 5, and the large event on its own.
      expect(rt.httpApiRequests() - before).toBe(4);
      for (let i = 0; i < 250 && got.length < 25; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    });

    it('a standalone API (no broadcaster given) publishes through the Pusher HTTP API', async () => {
      const standalone = await startTestApi(driver, {
        realtimeApp: { id: TEST_REALTIME_APP.id, secret: TEST_REALTIME_APP.secret },
        realtimeHttpApi: { host: '127.0.0.1', port: rt.port, useTls: false },
      });
      try {
        expect(standalone.context.realtime.broadcaster.kind).toBe('pusher-http');
        await standalone.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (standalone.app.server.address() as AddressInfo).port;
        const owner = await registerMember(standalone);
        const fan = await registerMember(standalone, { gender: 'male' });
        const ownerUuid = (await standalone.call('POST', '/api/me', { token: owner.access_token })).json()
          .data.uuid;
        const channel = connect(owner, port).subscribe(realtimeChannels.notifications(ownerUuid));
        await nextEvent(channel, 'pusher:subscription_succeeded');
        const received = nextEvent<UserNotification>(channel, REALTIME_EVENTS.notificationCreated);
        await standalone.call('PUT', `/api/profiles/${ownerUuid}/favorite`, { token: fan.access_token });
        expect((await received).data).toMatchObject({
          action_type: 'USER_FAVORITE',
          from_user_name: fan.username,
        });
      } finally {
        await standalone.close();
      }
    });
  });
}
