import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from './test/harness';

/** Every endpoint that takes a JSON body, with the scalar fields it reads. */
const ENDPOINTS: { method: 'POST' | 'DELETE'; url: string; fields: string[]; member?: boolean }[] = [
  {
    method: 'POST',
    url: '/api/register',
    fields: ['username', 'email', 'password', 'gender', 'date_of_birth', 'city'],
  },
  { method: 'POST', url: '/api/login', fields: ['email', 'password'] },
  { method: 'POST', url: '/api/refresh', fields: ['refresh_token'] },
  { method: 'POST', url: '/api/forgot-password', fields: ['email'] },
  { method: 'POST', url: '/api/reset-password', fields: ['token', 'email', 'password'] },
  { method: 'POST', url: '/api/confirm-email', fields: ['token'] },
  { method: 'POST', url: '/api/unsubscribe', fields: ['token'] },
  { method: 'POST', url: '/api/impersonate', fields: ['impersonate_token'] },
  { method: 'POST', url: '/api/account/deactivate', fields: ['password'], member: true },
  { method: 'DELETE', url: '/api/account', fields: ['password'], member: true },
];

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function expect422(res: { statusCode: number; json(): unknown; body: string }, field?: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: unknown; errors: Record<string, unknown> };
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  for (const messages of Object.values(body.errors)) {
    expect(Array.isArray(messages)).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m).toBe('string');
  }
  if (field) expect(body.errors).toHaveProperty([field]);
}

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`bad input gets 422 with field messages, never 500 (${driver})`, () => {
    let api: TestApi;
    let token: string;
    beforeAll(async () => {
      api = await startTestApi(driver);
      token = (await registerMember(api)).access_token;
    });
    afterAll(async () => {
      await api?.close();
    });

    for (const endpoint of ENDPOINTS) {
      describe(`${endpoint.method} ${endpoint.url}`, () => {
        const send = (payload: string | undefined, contentType = 'application/json') =>
          api.app.inject({
            method: endpoint.method,
            url: endpoint.url,
            headers: {
              'site-key': 'ukdating-site01',
              ...(endpoint.member ? { authorization: `Bearer ${token}` } : {}),
              ...(payload !== undefined ? { 'content-type': contentType } : {}),
            },
            ...(payload !== undefined ? { payload } : {}),
          });

        it('no body or an empty object: every field is required', async () => {
          for (const res of [await send(undefined), await send('{}'), await send('')]) {
            expect422(res);
            for (const field of endpoint.fields) expect(res.json().errors).toHaveProperty([field]);
          }
        });

        it('malformed JSON, wrong content type, non-object bodies', async () => {
          expect422(await send('{"email": '), 'body');
          expect422(await send('{"a":1}', 'text/plain'), 'body');
          expect422(await send('email=a&password=b', 'application/x-www-form-urlencoded'), 'body');
          expect422(await send('[1,2,3]'), 'body');
          expect422(await send('"just a string"'), 'body');
          expect422(await send('null'));
          expect422(await send('\u00ff\u00fe garbage'), 'body');
        });

        it('prototype-pollution keys and very deep nesting', async () => {
          expect422(await send('{"__proto__": {"admin": true}}'), 'body');
          expect422(await send('{"constructor": {"prototype": {"admin": true}}}'), 'body');
          expect422(await send(nested(10_000)));
        });

        it('a body over the size limit', async () => {
          expect422(await send(JSON.stringify({ [endpoint.fields[0] ?? 'x']: 'x'.repeat(200_000) })), 'body');
        });

        it('arrays, objects, numbers, NUL bytes and lone surrogates where strings are expected', async () => {
          for (const field of endpoint.fields) {
            for (const value of [['a'], { a: 1 }, 1e308, true, 'bad\u0000value', '\ud800lone']) {
              expect422(await send(JSON.stringify({ [field]: value })), field);
            }
            // 1e309 is Infinity once parsed; 2^64 is beyond any integer column.
            expect422(await send(`{"${field}": 1e309}`), field);
            expect422(await send(`{"${field}": 18446744073709551616}`), field);
          }
        });

        it('a 1,000-character password or token is refused or fails normally', async () => {
          const body = Object.fromEntries(endpoint.fields.map((f) => [f, 'x'.repeat(1000)]));
          const res = await send(JSON.stringify(body));
          expect([401, 422]).toContain(res.statusCode);
        });
      });
    }

    it('path and query parameters: odd ids are 404 or 422, never 500', async () => {
      for (const id of [
        '0',
        '-1',
        '1e309',
        '18446744073709551616',
        '1%20OR%201%3D1',
        '%00',
        'x'.repeat(300),
      ]) {
        const res = await api.call('DELETE', `/api/sessions/${id}`, { token });
        // 414: the host's maxParamLength; still a client error, never a 500.
        expect([404, 414, 422]).toContain(res.statusCode);
        const pay = await api.call('GET', `/api/payment/auth/${id}`);
        expect([404, 414, 422]).toContain(pay.statusCode);
      }
      for (const query of [
        'page=0',
        'page=-1',
        'page=1e309',
        'limit=100000',
        'page=1&page=2',
        'sort=password',
        'filter[password]=x',
        'include=user',
        'fields=password_hash',
        'append=x',
      ]) {
        const res = await api.call('GET', `/api/sessions?${query}`, { token });
        expect(res.statusCode, query).toBe(422);
        expect422(res);
      }
    });

    it('Site-key and Device-ID headers are validated', async () => {
      const missing = await api.call('GET', '/api/settings', { siteKey: null });
      expect422(missing, 'Site-key');
      expect(missing.json().errors['Site-key']).toEqual(['The Site-key header is required.']);
      expect422(await api.call('GET', '/api/settings', { siteKey: 'unknown-site-key' }), 'Site-key');
      expect422(await api.call('GET', '/api/settings', { siteKey: "x' OR 1=1 --" }), 'Site-key');
      expect422(
        await api.call('GET', '/api/settings', { headers: { 'device-id': 'a b\u0001' } }),
        'Device-ID',
      );
      expect(
        (await api.call('GET', '/api/settings', { headers: { 'device-id': 'a1b2c3' } })).statusCode,
      ).toBe(200);
    });

    it('unknown API paths answer a JSON 404', async () => {
      const res = await api.call('GET', '/api/does-not-exist');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    });
  });
}
