import type { AddressInfo } from 'node:net';
import { REALTIME_EVENTS, realtimeChannels } from '@ukd/contracts/api';
import Pusher, { type Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE } from '../options';
import { drivers, freshIp, registerMember, startTestApi, type TestApi } from '../test/harness';
import { nextEvent, startTestRealtime, TEST_REALTIME_APP, type TestRealtime } from '../test/realtime-kit';
import { inProcessBroadcaster } from './broadcaster';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`ended sessions lose their realtime sockets (issue #13 item 2, ${driver})`, () => {
    let api: TestApi;
    let rt: TestRealtime;
    let apiPort = 0;
    const clients: Pusher[] = [];

    beforeAll(async () => {
      rt = await startTestRealtime();
      api = await startTestApi(driver, {
        realtimeApp: { id: TEST_REALTIME_APP.id, secret: TEST_REALTIME_APP.secret },
        broadcaster: inProcessBroadcaster(rt.realtime, TEST_REALTIME_APP.id),
      });
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      apiPort = (api.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      for (const client of clients) client.disconnect();
      await rt?.close();
      await api?.close();
    });

    /** A member with two sessions (two devices): the registration's and a login's. */
    async function memberWithTwoSessions(target = api) {
      const member = await registerMember(target);
      const login = await target.call('POST', '/api/login', {
        body: { email: member.email, password: member.password },
        ip: freshIp(),
      });
      expect(login.statusCode).toBe(200);
      const uuid = (await target.call('POST', '/api/me', { token: member.access_token })).json().data.uuid;
      return {
        ...member,
        uuid,
        first: member.access_token,
        second: login.json().data.access_token as string,
      };
    }

    /** pusher-js on the member's notifications channel, authorised as one session. */
    async function listen(uuid: string, token: string, port = apiPort) {
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
          headers: { 'Site-key': DEFAULT_SITE.key, Authorization: `Bearer ${token}` },
        },
      });
      clients.push(client);
      const channel = client.subscribe(realtimeChannels.notifications(uuid));
      await nextEvent(channel, 'pusher:subscription_succeeded');
      return { client, channel };
    }

    const closed = (client: Pusher) =>
      vi.waitFor(() => expect(client.connection.state).not.toBe('connected'), { timeout: 5000 });

    /** The socket still gets the member's notifications. */
    async function stillReceives(channel: Channel) {
      const received = nextEvent(channel, REALTIME_EVENTS.notificationCreated);
      await rt.realtime.publish(TEST_REALTIME_APP.id, [channel.name], REALTIME_EVENTS.notificationCreated, {
        id: 1,
      });
      expect(await received).toEqual({ id: 1 });
    }

    const channelAuth = (token: string, uuid: string) =>
      api.call('POST', '/api/broadcasting/auth', {
        token,
        body: { socket_id: '1234.5678', channel_name: realtimeChannels.notifications(uuid) },
      });

    it('logout closes the sockets that session authorised and no other; its unexpired JWT is refused channel auth', async () => {
      const alice = await memberWithTwoSessions();
      const revoked = await listen(alice.uuid, alice.first);
      const kept = await listen(alice.uuid, alice.second);
      expect((await channelAuth(alice.first, alice.uuid)).statusCode).toBe(200);

      expect((await api.call('POST', '/api/logout', { token: alice.first })).statusCode).toBe(200);
      await closed(revoked.client);
      expect((await channelAuth(alice.first, alice.uuid)).statusCode).toBe(401);
      expect(kept.client.connection.state).toBe('connected');
      await stillReceives(kept.channel);
    });

    it('ending one session, then every other, closes their sockets and keeps the current one', async () => {
      const bob = await memberWithTwoSessions();
      const third = (
        await api.call('POST', '/api/login', {
          body: { email: bob.email, password: bob.password },
          ip: freshIp(),
        })
      ).json().data.access_token as string;
      const first = await listen(bob.uuid, bob.first);
      const second = await listen(bob.uuid, bob.second);
      const current = await listen(bob.uuid, third);
      const sessions = (await api.call('GET', '/api/sessions', { token: third })).json().data as {
        id: string;
        current: boolean;
      }[];
      const secondId = (await api.call('GET', '/api/sessions', { token: bob.second }))
        .json()
        .data.find((s: { current: boolean }) => s.current).id as string;
      expect(sessions.some((s) => s.id === secondId)).toBe(true);

      expect((await api.call('DELETE', `/api/sessions/${secondId}`, { token: third })).statusCode).toBe(200);
      await closed(second.client);
      expect(first.client.connection.state).toBe('connected');

      expect((await api.call('DELETE', '/api/sessions', { token: third })).statusCode).toBe(200);
      await closed(first.client);
      await stillReceives(current.channel);
    });

    it('a password change closes the other sessions’ sockets', async () => {
      const carol = await memberWithTwoSessions();
      const other = await listen(carol.uuid, carol.first);
      const current = await listen(carol.uuid, carol.second);
      const changed = await api.call('PUT', '/api/account/password', {
        token: carol.second,
        body: {
          current_password: carol.password,
          password: 'Another-Horse-43',
          password_confirmation: 'Another-Horse-43',
        },
      });
      expect(changed.statusCode).toBe(200);
      await closed(other.client);
      await stillReceives(current.channel);
    });

    it('deactivation closes every socket of the member and refuses their channel auth', async () => {
      const dave = await memberWithTwoSessions();
      const sockets = [await listen(dave.uuid, dave.first), await listen(dave.uuid, dave.second)];
      const res = await api.call('POST', '/api/account/deactivate', {
        token: dave.first,
        body: { password: dave.password },
      });
      expect(res.statusCode).toBe(200);
      for (const { client } of sockets) await closed(client);
      expect((await channelAuth(dave.first, dave.uuid)).statusCode).toBe(403);
    });

    it('deletion closes every socket of the member', async () => {
      const erin = await memberWithTwoSessions();
      const sockets = [await listen(erin.uuid, erin.first), await listen(erin.uuid, erin.second)];
      const res = await api.call('DELETE', '/api/account', {
        token: erin.second,
        body: { password: erin.password },
      });
      expect(res.statusCode).toBe(200);
      for (const { client } of sockets) await closed(client);
      expect((await channelAuth(erin.first, erin.uuid)).statusCode).toBe(401);
    });

    it('refresh-token reuse revokes the session and closes its sockets', async () => {
      const gail = await memberWithTwoSessions();
      const stolen = await listen(gail.uuid, gail.first);
      const kept = await listen(gail.uuid, gail.second);
      const refresh = () =>
        api.call('POST', '/api/refresh', { body: { refresh_token: gail.refresh_token }, ip: freshIp() });
      expect((await refresh()).statusCode).toBe(200);
      expect((await refresh()).statusCode).toBe(401);
      await closed(stolen.client);
      await stillReceives(kept.channel);
    });

    it('through the Pusher HTTP API too (an API process without the realtime server)', async () => {
      const standalone = await startTestApi(driver, {
        realtimeApp: { id: TEST_REALTIME_APP.id, secret: TEST_REALTIME_APP.secret },
        realtimeHttpApi: { host: '127.0.0.1', port: rt.port, useTls: false },
      });
      try {
        expect(standalone.context.realtime.broadcaster.kind).toBe('pusher-http');
        await standalone.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (standalone.app.server.address() as AddressInfo).port;
        const frank = await memberWithTwoSessions(standalone);
        const revoked = await listen(frank.uuid, frank.first, port);
        const kept = await listen(frank.uuid, frank.second, port);
        expect((await standalone.call('POST', '/api/logout', { token: frank.first })).statusCode).toBe(200);
        await closed(revoked.client);
        await stillReceives(kept.channel);
      } finally {
        await standalone.close();
      }
    });
  });
}
