import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

/** Issue #13 (10): authenticated JSON is never stored by a shared or browser cache. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: Cache-Control on member responses (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('member JSON responses (and their errors) carry Cache-Control: private, no-store', async () => {
      const m = await registerMember(api);
      for (const [method, url] of [
        ['POST', '/api/me'],
        ['GET', '/api/user-conversations'],
        ['GET', '/api/user-notifications'],
        ['GET', '/api/user-conversations/00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const res = await api.call(method, url, { token: m.access_token });
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['cache-control'], url).toBe('private, no-store');
      }
      const anonymous = await api.call('POST', '/api/me');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('private, no-store');
    });
  });
}
