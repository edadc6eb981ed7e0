import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

type Member = Awaited<ReturnType<typeof registerMember>>;

/** Bodies that must never reach a handler in a shape it does not expect. */
const NASTY_BODIES: string[] = [
  '[]',
  '"text"',
  'null',
  '42',
  '{"socket_id":{"$gt":""},"channel_name":["presence-online"]}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"section_type":"foldout\\u0000","button_type":"menu_btn"}',
  '{"section_type":"\\ud800","button_type":"menu_btn"}',
  '{"profile_user_uuid":"\\u202e6f1c1c9e-1d1a-4c55-9a38-2a6f0e2c0b11"}',
  '{"read_at":{"a":1}}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"group":"${'v'.repeat(70_000)}"}`,
  '{not json',
];

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`realtime, notification and tracking endpoints under bad input (${driver})`, () => {
    let api: TestApi;
    let member: Member;
    beforeAll(async () => {
      api = await startTestApi(driver);
      member = await registerMember(api);
    });
    afterAll(async () => {
      await api?.close();
    });

    const endpoints: [string, string][] = [
      ['POST', '/api/broadcasting/auth'],
      ['POST', '/api/user-notifications/read-all'],
      ['PUT', '/api/user-notifications/1'],
      ['PUT', '/api/user-notifications/1/read'],
      ['POST', '/api/user-notifications/someone/mute'],
      ['DELETE', '/api/user-notifications/someone/unmute'],
      ['POST', '/api/user-track-clicks'],
      ['POST', '/api/site-popups'],
      ['POST', '/api/ab-test-events'],
      ['POST', '/api/push-notification-clicks?x=28&t=1'],
    ];

    it('answers 4xx, never 500, to malformed bodies and content types', async () => {
      for (const [method, url] of endpoints) {
        for (const body of NASTY_BODIES) {
          const res = await api.call(method as 'POST', url, {
            token: member.access_token,
            body,
            headers: { 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${method} ${url} ${body.slice(0, 60)}`).toBeLessThan(500);
          expect(res.statusCode, `${method} ${url} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(200);
        }
        for (const type of [
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        ]) {
          const res = await api.call(method as 'POST', url, {
            token: member.access_token,
            body: 'a=1&a=2&__proto__=x&socket_id=1.1',
            headers: { 'content-type': type },
          });
          expect(res.statusCode, `${method} ${url} ${type}`).toBeLessThan(500);
        }
      }
    });

    it('answers 404 or 422, never 500, to odd ids, names and query values', async () => {
      const probes = ['0', '-1', '1e309', '18446744073709551616', '1%20OR%201%3D1', '%00', '..%2F..', 'null'];
      for (const probe of probes) {
        for (const [method, url] of [
          ['PUT', `/api/user-notifications/${probe}/read`],
          ['DELETE', `/api/user-notifications/${probe}`],
          ['POST', `/api/user-notifications/${probe}/mute`],
          ['GET', `/api/user-notifications?filter[after_id]=${probe}`],
          ['GET', `/api/user-notifications?page=${probe}&limit=${probe}`],
          ['POST', `/api/push-notification-clicks?x=${probe}&t=${probe}`],
        ] as const) {
          const res = await api.call(method, url, { token: member.access_token });
          // `filter[after_id]=0` is a valid catch-up from the start: 200.
          const ok = url.includes('after_id') && probe === '0' ? [200] : [404, 422];
          expect(ok, `${method} ${url}`).toContain(res.statusCode);
        }
      }
      const arrays = await api.call('GET', '/api/user-notifications?filter[after_id][]=1&page[]=2', {
        token: member.access_token,
      });
      expect(arrays.statusCode).toBe(422);
    });
  });
}
