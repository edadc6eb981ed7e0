import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';
import { member, startConversation } from './kit';

/** Issue #13 (11): array or unknown query parameters and unknown body fields answer 422. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: strict query parameters and bodies (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('array or unknown query parameters on a list answer 422, as the API docs promise', async () => {
      const m = await registerMember(api);
      for (const url of [
        '/api/user-notifications',
        '/api/user-conversations',
        '/api/profiles',
        '/api/my-blocks',
      ]) {
        for (const qs of ['page[]=2', 'page=1&page=2', 'foo=1', 'limit[]=5']) {
          const res = await api.call('GET', `${url}?${qs}`, { token: m.access_token });
          expect(res.statusCode, `${url}?${qs}`).toBe(422);
        }
        expect(
          (await api.call('GET', `${url}?page=1&limit=5`, { token: m.access_token })).statusCode,
          url,
        ).toBe(200);
      }
    });

    it('unknown query parameters on a conversation’s messages answer 422', async () => {
      const alice = await member(api, 5);
      const bob = await member(api);
      const c = await startConversation(api, alice, bob);
      const get = (qs: string) =>
        api.call('GET', `/api/user-conversations/${c.uuid}/messages?${qs}`, { token: alice.access_token });
      expect((await get('after=1')).statusCode).toBe(200);
      expect((await get('foo=1')).statusCode).toBe(422);
      expect((await get('after[]=1')).statusCode).toBe(422);
      expect(
        (await api.call('GET', `/api/user-conversations/${c.uuid}?foo=1`, { token: alice.access_token }))
          .statusCode,
      ).toBe(422);
    });

    it('unknown body fields answer 422 (mass assignment) instead of being dropped', async () => {
      const m = await registerMember(api);
      const profile = await api.call('PUT', '/api/my-profile', {
        token: m.access_token,
        body: { city: 'York', credits: 1_000_000, is_admin: true },
      });
      expect(profile.statusCode).toBe(422);
      expect(profile.json().errors.body).toEqual(['The credits, is_admin fields are not allowed.']);
      const login = await api.call('POST', '/api/login', {
        body: { email: m.email, password: m.password, role: 'admin' },
      });
      expect(login.statusCode).toBe(422);
      const me = (await api.call('POST', '/api/me', { token: m.access_token })).json().data;
      expect(me.credits).toBe(0);
    });
  });
}
