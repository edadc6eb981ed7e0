import { verifyChannelAuth } from '@ukd/realtime-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';
import type { Broadcaster } from './broadcaster';
import { OnlineCounter } from './realtime-services';

type Member = Awaited<ReturnType<typeof registerMember>>;

const APP = { id: 'test-app', key: 'flirtlane-key', secret: 'test-realtime-secret-0123456789' };
const SOCKET = '1234.5678';

interface Published {
  channels: string[];
  event: string;
  data: unknown;
  socketId: string | undefined;
}

/** A broadcaster that records what it is asked to publish and reports a fixed online count. */
function recordingBroadcaster() {
  const published: Published[] = [];
  let online = 0;
  let failing = false;
  const broadcaster: Broadcaster = {
    kind: 'in-process',
    async publish(channels, event, data, options = {}) {
      published.push({ channels, event, data, socketId: options.socketId });
    },
    async presenceUserIds(channel) {
      if (channel !== 'presence-online') throw new Error(`unexpected channel ${channel}`);
      if (failing) throw new Error('realtime down');
      return Array.from({ length: online }, (_, i) => `member-${i}`);
    },
  };
  return {
    broadcaster,
    published,
    setOnline: (n: number) => {
      online = n;
    },
    setFailing: (f: boolean) => {
      failing = f;
    },
  };
}

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`broadcasting auth and online count (${driver})`, () => {
    let api: TestApi;
    const recorder = recordingBroadcaster();
    let alice: Member;
    let bob: Member;
    let aliceUuid: string;
    let bobUuid: string;

    beforeAll(async () => {
      api = await startTestApi(driver, {
        realtimeApp: { id: APP.id, secret: APP.secret },
        broadcaster: recorder.broadcaster,
      });
      alice = await registerMember(api);
      bob = await registerMember(api);
      aliceUuid = (await api.call('POST', '/api/me', { token: alice.access_token })).json().data.uuid;
      bobUuid = (await api.call('POST', '/api/me', { token: bob.access_token })).json().data.uuid;
    });
    afterAll(async () => {
      await api?.close();
    });

    const authForm = (member: Member | null, fields: Record<string, string>, headers = {}) =>
      api.call('POST', '/api/broadcasting/auth', {
        ...(member ? { token: member.access_token } : {}),
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });

    it('signs the member’s own private channels, form-encoded as pusher-js sends them', async () => {
      for (const kind of ['notifications', 'credits', 'duration']) {
        const channel = `private-${kind}.user.${aliceUuid}`;
        const res = await authForm(alice, { socket_id: SOCKET, channel_name: channel });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(Object.keys(body)).toEqual(['auth', 'channel_data']);
        expect(body.auth.startsWith(`${APP.key}:`)).toBe(true);
        // Signed for the session too, so the realtime server closes the socket when it ends.
        expect(JSON.parse(body.channel_data)).toEqual({
          user_id: expect.stringMatching(/^session-[0-9a-f-]{36}$/),
        });
        expect(verifyChannelAuth(APP, SOCKET, channel, body.auth, body.channel_data)).toBe(true);
        // Bound to the socket: useless on another connection.
        expect(verifyChannelAuth(APP, '1.2', channel, body.auth, body.channel_data)).toBe(false);
        // And to the session: without its channel_data the signature does not hold.
        expect(verifyChannelAuth(APP, SOCKET, channel, body.auth)).toBe(false);
      }
    });

    it('accepts JSON too', async () => {
      const channel = `private-notifications.user.${aliceUuid}`;
      const res = await api.call('POST', '/api/broadcasting/auth', {
        token: alice.access_token,
        body: { socket_id: SOCKET, channel_name: channel },
      });
      expect(res.statusCode).toBe(200);
      expect(verifyChannelAuth(APP, SOCKET, channel, res.json().auth, res.json().channel_data)).toBe(true);
    });

    it('signs presence-online with the member’s uuid and username as channel_data', async () => {
      const res = await authForm(bob, { socket_id: SOCKET, channel_name: 'presence-online' });
      expect(res.statusCode).toBe(200);
      const { auth, channel_data } = res.json();
      expect(JSON.parse(channel_data)).toEqual({ user_id: bobUuid, user_info: { username: bob.username } });
      expect(verifyChannelAuth(APP, SOCKET, 'presence-online', auth, channel_data)).toBe(true);
    });

    it('refuses another member’s channels, conversations, and anything unknown with 403', async () => {
      const refused = [
        `private-notifications.user.${bobUuid}`,
        `private-credits.user.${bobUuid}`,
        `private-duration.user.${bobUuid}`,
        `private-notifications.user.${aliceUuid.toUpperCase()}`,
        `private-notifications.user.${aliceUuid}.x`,
        `notifications.user.${aliceUuid}`,
        'private-conversation.6f1c1c9e-1d1a-4c55-9a38-2a6f0e2c0b11',
        'presence-online-admins',
        'presence-other',
        'private-anything',
        'public-news',
        `#server-to-user-${aliceUuid}`,
      ];
      for (const channel of refused) {
        const res = await authForm(alice, { socket_id: SOCKET, channel_name: channel });
        expect(res.statusCode, channel).toBe(channel.startsWith('#') ? 422 : 403);
        if (res.statusCode === 403) expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
      }
    });

    it('signs a conversation channel for its participants only', async () => {
      const carol = await registerMember(api);
      const carolUuid = (await api.call('POST', '/api/me', { token: carol.access_token })).json().data.uuid;
      const started = await api.call('POST', '/api/user-conversations', {
        token: alice.access_token,
        body: { recipient_uuid: carolUuid },
      });
      const mine: string = started.json().data.uuid;
      const channel = `private-conversation.${mine}`;
      const ok = await authForm(alice, { socket_id: SOCKET, channel_name: channel });
      expect(ok.statusCode).toBe(200);
      expect(verifyChannelAuth(APP, SOCKET, channel, ok.json().auth, ok.json().channel_data)).toBe(true);
      expect((await authForm(bob, { socket_id: SOCKET, channel_name: channel })).statusCode).toBe(403);
    });

    it('needs a valid bearer token (401) and validates socket_id and channel_name (422)', async () => {
      const channel = `private-notifications.user.${aliceUuid}`;
      expect((await authForm(null, { socket_id: SOCKET, channel_name: channel })).statusCode).toBe(401);
      const bad = [
        [{ socket_id: 'abc', channel_name: channel }, 'socket_id'],
        [{ socket_id: '123', channel_name: channel }, 'socket_id'],
        [{ socket_id: '1.2.3', channel_name: channel }, 'socket_id'],
        [{ socket_id: `${'9'.repeat(30)}.1`, channel_name: channel }, 'socket_id'],
        [{ channel_name: channel }, 'socket_id'],
        [{ socket_id: SOCKET }, 'channel_name'],
        [{ socket_id: SOCKET, channel_name: 'private-a b' }, 'channel_name'],
        [{ socket_id: SOCKET, channel_name: `private-${'x'.repeat(200)}` }, 'channel_name'],
        [{ socket_id: SOCKET, channel_name: 'private-\u0000' }, 'channel_name'],
      ] as const;
      for (const [fields, field] of bad) {
        const res = await authForm(alice, fields as Record<string, string>);
        expect(res.statusCode, JSON.stringify(fields)).toBe(422);
        expect(res.json().errors).toHaveProperty(field);
      }
      // Wrong shapes in JSON: arrays and objects where strings belong.
      for (const body of [
        { socket_id: [SOCKET], channel_name: channel },
        { socket_id: SOCKET, channel_name: { a: 1 } },
        [1, 2],
        'plain',
      ]) {
        const res = await api.call('POST', '/api/broadcasting/auth', {
          token: alice.access_token,
          body: typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
      }
      // A form body over 4 KB and an unsupported content type: 422, never 500.
      const big = await authForm(alice, { socket_id: SOCKET, channel_name: channel, pad: 'x'.repeat(5000) });
      expect(big.statusCode).toBe(422);
      const xml = await api.call('POST', '/api/broadcasting/auth', {
        token: alice.access_token,
        body: '<a/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(xml.statusCode).toBe(422);
    });

    it('documents the realtime, notification and tracking endpoints in the OpenAPI document', async () => {
      const doc = (await api.call('GET', '/api/docs', { siteKey: null })).json();
      for (const path of [
        '/api/broadcasting/auth',
        '/api/onlines/count',
        '/api/user-notifications',
        '/api/notifications/count',
        '/api/user-notifications/read-all',
        '/api/user-notifications/{id}/read',
        '/api/user-notifications/{id}',
        '/api/user-notifications/{fromUserName}/mute',
        '/api/user-notifications/{fromUserName}/unmute',
        '/api/user-track-clicks',
        '/api/site-popups',
        '/api/ab-test-events',
        '/api/push-notification-clicks',
      ]) {
        expect(Object.keys(doc.paths)).toContain(path);
      }
      expect(Object.keys(doc.paths['/api/broadcasting/auth'].post.requestBody.content)).toEqual(
        expect.arrayContaining(['application/x-www-form-urlencoded', 'application/json']),
      );
    });

    it('answers the online count from presence-online, cached briefly, never failing', async () => {
      // Lists of profiles read the same cached list; start from an empty cache.
      api.context.realtime.online = new OnlineCounter(recorder.broadcaster, () => {});
      recorder.setOnline(7);
      const res = await api.call('GET', '/api/onlines/count');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { online: 7 } });
      // Public: no token needed. Cached: a change shows after the cache expires.
      recorder.setOnline(9);
      expect((await api.call('GET', '/api/onlines/count')).json().data.online).toBe(7);
    });
  });
}
