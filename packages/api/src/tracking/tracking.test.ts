import { TRACKING_EVENTS_PER_MINUTE } from '@ukd/contracts/api';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../db/realtime-schema';
import { users } from '../db/schema';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

type Member = Awaited<ReturnType<typeof registerMember>>;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`tracking endpoints (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const eventsOf = async (m: Member) => {
      const [user] = await api.context.db.select().from(users).where(eq(users.email, m.email));
      return api.context.db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.userId, user?.id ?? -1))
        .orderBy(asc(trackingEvents.id));
    };

    it('stores each kind of event with the member, site and device (204)', async () => {
      const member = await registerMember(api);
      const token = member.access_token;
      const headers = { 'device-id': 'device-abc' };
      const calls = [
        [
          '/api/user-track-clicks',
          { section_type: 'notification', button_type: 'bell_btn', status: 'opened' },
        ],
        ['/api/user-track-clicks', { section_type: 'hamburger_menu', button_type: 'no_btn' }],
        [
          '/api/site-popups',
          {
            profile_user_uuid: '6F1C1C9E-1D1A-4C55-9A38-2A6F0E2C0B11',
            notification_type: 'PROFILE_VIEW',
            action_type: 'IMPRESSION',
          },
        ],
        ['/api/ab-test-events', { ab_test_type: 'promo_badge', group: 'v1', value: 'viewed' }],
      ] as const;
      for (const [url, body] of calls) {
        const res = await api.call('POST', url, { token, body, headers });
        expect(res.statusCode, url).toBe(204);
        expect(res.body).toBe('');
      }
      const push = await api.call('POST', '/api/push-notification-clicks?x=28&t=2', { token, headers });
      expect(push.statusCode).toBe(204);

      const rows = await eventsOf(member);
      expect(rows.map((r) => [r.type, r.data])).toEqual([
        ['click', { section_type: 'notification', button_type: 'bell_btn', status: 'opened' }],
        ['click', { section_type: 'hamburger_menu', button_type: 'no_btn' }],
        [
          'site_popup',
          {
            profile_user_uuid: '6f1c1c9e-1d1a-4c55-9a38-2a6f0e2c0b11',
            notification_type: 'PROFILE_VIEW',
            action_type: 'IMPRESSION',
          },
        ],
        ['ab_test', { ab_test_type: 'promo_badge', group: 'v1', value: 'viewed' }],
        ['push_click', { x: 28, t: 2 }],
      ]);
      expect(rows.every((r) => r.deviceId === 'device-abc' && r.siteId === api.context.defaultSite.id)).toBe(
        true,
      );
    });

    it('refuses bad values with 422 per field (never 500) and anonymous calls with 401', async () => {
      const member = await registerMember(api);
      const token = member.access_token;
      const bad: [string, unknown, string][] = [
        ['/api/user-track-clicks', {}, 'section_type'],
        ['/api/user-track-clicks', { section_type: 'foldout', button_type: 'big_btn' }, 'button_type'],
        ['/api/user-track-clicks', { section_type: 'x', button_type: 'menu_btn' }, 'section_type'],
        [
          '/api/user-track-clicks',
          { section_type: 'foldout', button_type: 'menu_btn', status: 'half' },
          'status',
        ],
        ['/api/user-track-clicks', { section_type: ['foldout'], button_type: 'menu_btn' }, 'section_type'],
        [
          '/api/site-popups',
          { profile_user_uuid: '1 OR 1=1', notification_type: 'USER_LIKE', action_type: 'CLICKED' },
          'profile_user_uuid',
        ],
        [
          '/api/site-popups',
          {
            profile_user_uuid: '6f1c1c9e-1d1a-4c55-9a38-2a6f0e2c0b11',
            notification_type: 'USER_LIKE',
            action_type: 'clicked',
          },
          'action_type',
        ],
        [
          '/api/site-popups',
          {
            profile_user_uuid: '6f1c1c9e-1d1a-4c55-9a38-2a6f0e2c0b11',
            notification_type: '\u0000',
            action_type: 'CLICKED',
          },
          'notification_type',
        ],
        ['/api/ab-test-events', { ab_test_type: 'other', group: 'v1', value: 'viewed' }, 'ab_test_type'],
        ['/api/ab-test-events', { ab_test_type: 'promo_badge', group: 'v3', value: 'viewed' }, 'group'],
        ['/api/ab-test-events', { ab_test_type: 'promo_badge', group: 'v2', value: 42 }, 'value'],
        ['/api/ab-test-events', [1, 2], 'body'],
      ];
      for (const [url, body, field] of bad) {
        const res = await api.call('POST', url, { token, body });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
        expect(res.json().errors, `${url} ${JSON.stringify(body)}`).toHaveProperty(field);
      }
      for (const query of [
        '',
        '?x=28',
        '?t=1',
        '?x=28&t=3',
        '?x=0&t=1',
        '?x=abc&t=1',
        '?x=1e3&t=1',
        '?x=28&t=1&t=2',
      ]) {
        const res = await api.call('POST', `/api/push-notification-clicks${query}`, { token });
        expect(res.statusCode, query).toBe(422);
      }
      expect(await eventsOf(member)).toEqual([]);
      const valid = {
        '/api/user-track-clicks': { section_type: 'foldout', button_type: 'menu_btn' },
        '/api/site-popups': {
          profile_user_uuid: '6f1c1c9e-1d1a-4c55-9a38-2a6f0e2c0b11',
          notification_type: 'USER_LIKE',
          action_type: 'CLICKED',
        },
        '/api/ab-test-events': { ab_test_type: 'promo_badge', group: 'v1', value: 'clicked' },
      };
      for (const [url, body] of Object.entries(valid)) {
        expect((await api.call('POST', url, { body })).statusCode, url).toBe(401);
      }
      expect((await api.call('POST', '/api/push-notification-clicks?x=28&t=1')).statusCode).toBe(401);
    });

    it(`limits each member to ${TRACKING_EVENTS_PER_MINUTE} events of a kind per minute (429)`, async () => {
      const member = await registerMember(api);
      const other = await registerMember(api);
      const body = { section_type: 'foldout', button_type: 'menu_btn', status: 'opened' };
      // The limit is counted as events arrive (atomic counter), so fill it through the API.
      const allowed = await Promise.all(
        Array.from({ length: TRACKING_EVENTS_PER_MINUTE }, () =>
          api.call('POST', '/api/user-track-clicks', { token: member.access_token, body }),
        ),
      );
      expect(allowed.every((r) => r.statusCode === 204)).toBe(true);
      const limited = await api.call('POST', '/api/user-track-clicks', { token: member.access_token, body });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'Too many tracking events. Please slow down.' });
      expect(limited.headers['retry-after']).toBe('60');
      // Other kinds and other members are not affected.
      const ab = await api.call('POST', '/api/ab-test-events', {
        token: member.access_token,
        body: { ab_test_type: 'promo_badge', group: 'v2', value: 'clicked' },
      });
      expect(ab.statusCode).toBe(204);
      expect(
        (await api.call('POST', '/api/user-track-clicks', { token: other.access_token, body })).statusCode,
      ).toBe(204);
      // Older events do not count: time travel ends the minute's window, as the clock would.
      await api.context.db.execute(
        sql`update login_throttles set reset_at = now() - interval '1 second' where key like 'tracking:click:%'`,
      );
      expect(
        (await api.call('POST', '/api/user-track-clicks', { token: member.access_token, body })).statusCode,
      ).toBe(204);
    });
  });
}
