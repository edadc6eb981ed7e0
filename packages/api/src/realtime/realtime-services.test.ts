import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Member } from '../auth/member';
import type { UserRow } from '../db/schema';
import type { Broadcaster } from './broadcaster';
import { ChannelAccess, memberChannelRules } from './channel-access';
import { OnlineCounter, requestSocketId } from './realtime-services';

const UUID = '0d4a4f4e-8a5b-4d8e-9f00-1c2d3e4f5a6b';
const member = (impersonated = false): Member => ({
  user: { uuid: UUID, username: 'alice' } as UserRow,
  sessionId: 's',
  impersonated,
});

describe('ChannelAccess', () => {
  it('grants own user channels and presence-online, refuses the rest', async () => {
    const access = new ChannelAccess(memberChannelRules());
    expect(await access.authorize(member(), `private-notifications.user.${UUID}`)).toEqual({});
    expect(await access.authorize(member(), `private-credits.user.${UUID}`)).toEqual({});
    expect(await access.authorize(member(), `private-duration.user.${UUID}`)).toEqual({});
    expect(await access.authorize(member(), 'presence-online')).toEqual({
      presence: { user_id: UUID, user_info: { username: 'alice' } },
    });
    expect(await access.authorize(member(), `private-notificationsXuser.${UUID}`)).toBeNull();
    expect(await access.authorize(member(), `private-conversation.${UUID}`)).toBeNull();
  });

  it('keeps an impersonating operator out of presence-online, not out of the member’s channels', async () => {
    const access = new ChannelAccess(memberChannelRules());
    expect(await access.authorize(member(true), 'presence-online')).toBeNull();
    expect(await access.authorize(member(true), `private-notifications.user.${UUID}`)).toEqual({});
  });
});

describe('OnlineCounter', () => {
  it('caches the count and answers the last known value while the realtime server is down', async () => {
    let calls = 0;
    let value = 3;
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `member-${i}`);
    let down = false;
    const broadcaster: Broadcaster = {
      kind: 'pusher-http',
      async publish() {},
      async presenceUserIds() {
        calls += 1;
        if (down) throw new Error('ECONNREFUSED');
        return ids(value);
      },
    };
    const errors: string[] = [];
    const counter = new OnlineCounter(broadcaster, (message) => errors.push(message), 0);
    expect(await counter.count()).toBe(3);
    down = true;
    value = 8;
    expect(await counter.count()).toBe(3);
    expect(errors).toEqual(['online count unavailable']);
    down = false;
    // Concurrent callers share one request.
    const before = calls;
    expect(await Promise.all([counter.count(), counter.count(), counter.count()])).toEqual([8, 8, 8]);
    expect(calls - before).toBe(1);

    const cached = new OnlineCounter(broadcaster, () => {}, 60_000);
    await cached.count();
    value = 11;
    expect(await cached.count()).toBe(8);
    expect([...(await cached.members())]).toEqual(ids(8));
  });
});

describe('loadApiOptionsFromEnv (realtime)', () => {
  it('publishes standalone through the Pusher HTTP API of the configured realtime server', async () => {
    const { loadApiOptionsFromEnv } = await import('../options');
    const siteOnly = loadApiOptionsFromEnv({ SITE_URL: 'https://flirtlane.co.uk' });
    expect(siteOnly.realtimeHttpApi).toEqual({ host: 'flirtlane.co.uk', port: 443, useTls: true });
    expect(siteOnly.realtimeApp).toEqual({ id: 'flirtlane' });
    const configured = loadApiOptionsFromEnv({
      REALTIME_HOST: 'ws.flirtlane.co.uk',
      REALTIME_PORT: '443',
      REALTIME_SCHEME: 'wss',
      REALTIME_APP_ID: 'prod',
      REALTIME_APP_SECRET: 'shh',
      REALTIME_API_HOST: 'soketi.internal',
      REALTIME_API_PORT: '6001',
      REALTIME_API_TLS: 'false',
    });
    expect(configured.realtime).toMatchObject({ host: 'ws.flirtlane.co.uk', port: 443, scheme: 'wss' });
    expect(configured.realtimeHttpApi).toEqual({ host: 'soketi.internal', port: 6001, useTls: false });
    expect(configured.realtimeApp).toEqual({ id: 'prod', secret: 'shh' });
  });
});

describe('requestSocketId', () => {
  it('passes a well-formed X-Socket-ID on (toOthers) and ignores anything else', () => {
    const of = (value: string | string[] | undefined) =>
      requestSocketId({ headers: value === undefined ? {} : { 'x-socket-id': value } } as FastifyRequest);
    expect(of('123.456')).toBe('123.456');
    expect(of(['7.8', '9.9'])).toBe('7.8');
    for (const bad of [undefined, '', 'abc', '1.2.3', '1', ' 1.2', `${'1'.repeat(30)}.1`]) {
      expect(of(bad)).toBeUndefined();
    }
  });
});
