import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '../auth/signed-links';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`account, sessions, impersonation, payment login (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const me = (token: string) => api.call('POST', '/api/me', { token });

    it('deactivates (password required), still logs in, and reactivates', async () => {
      const member = await registerMember(api);
      const wrong = await api.call('POST', '/api/account/deactivate', {
        token: member.access_token,
        body: { password: 'not-it-at-all' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
      const res = await api.call('POST', '/api/account/deactivate', {
        token: member.access_token,
        body: { password: member.password },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(member.access_token)).json().data.deactivated).toBe(true);
      const login = await api.call('POST', '/api/login', {
        body: { email: member.email, password: member.password },
      });
      expect(login.statusCode).toBe(200);
      expect((await me(login.json().data.access_token)).json().data.deactivated).toBe(true);
      expect(
        (await api.call('POST', '/api/account/reactivate', { token: member.access_token })).statusCode,
      ).toBe(200);
      expect((await me(member.access_token)).json().data.deactivated).toBe(false);
    });

    it('deletes the account for good: tokens stop working and the email is free again', async () => {
      const member = await registerMember(api);
      const res = await api.call('DELETE', '/api/account', {
        token: member.access_token,
        body: { password: member.password },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(member.access_token)).statusCode).toBe(401);
      expect(
        (await api.call('POST', '/api/refresh', { body: { refresh_token: member.refresh_token } }))
          .statusCode,
      ).toBe(401);
      const login = await api.call('POST', '/api/login', {
        body: { email: member.email, password: member.password },
      });
      expect(login.statusCode).toBe(422);
      await registerMember(api, { email: member.email, username: member.username });
    });

    it('lists the member’s own sessions with Device-ID, Laravel list shape and list query', async () => {
      const member = await registerMember(api);
      for (const device of ['phone-1', 'laptop-2']) {
        await api.call('POST', '/api/login', {
          body: { email: member.email, password: member.password },
          headers: { 'device-id': device },
        });
      }
      const all = await api.call('GET', '/api/sessions?sort=created_at', { token: member.access_token });
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 3 });
      expect(body.data.map((s: { device_id: string | null }) => s.device_id)).toEqual([
        null,
        'phone-1',
        'laptop-2',
      ]);
      expect(body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

      const page = await api.call('GET', '/api/sessions?limit=1&page=2&fields=device_id&sort=-created_at', {
        token: member.access_token,
      });
      expect(page.json()).toMatchObject({ meta: { current_page: 2, last_page: 3, per_page: 1, total: 3 } });
      expect(Object.keys(page.json().data[0]).sort()).toEqual(['device_id', 'id']);
      expect(page.json().data[0].device_id).toBe('phone-1');

      const filtered = await api.call('GET', '/api/sessions?filter[device_id]=laptop-2', {
        token: member.access_token,
      });
      expect(filtered.json().meta.total).toBe(1);
    });

    it('ends one of the member’s own sessions, and answers 404 for anybody else’s', async () => {
      const alice = await registerMember(api);
      const bob = await registerMember(api);
      const bobSessions = (await api.call('GET', '/api/sessions', { token: bob.access_token })).json().data;
      const bobSession = bobSessions[0].id;
      const idor = await api.call('DELETE', `/api/sessions/${bobSession}`, { token: alice.access_token });
      expect(idor.statusCode).toBe(404);
      expect((await me(bob.access_token)).statusCode).toBe(200);
      const own = await api.call('DELETE', `/api/sessions/${bobSession}`, { token: bob.access_token });
      expect(own.statusCode).toBe(200);
      expect((await me(bob.access_token)).statusCode).toBe(401);
    });

    it('ends every other session of the member, keeping the current one', async () => {
      const member = await registerMember(api);
      const other = await api.call('POST', '/api/login', {
        body: { email: member.email, password: member.password },
      });
      const res = await api.call('DELETE', '/api/sessions', { token: member.access_token });
      expect(res.statusCode).toBe(200);
      expect((await me(member.access_token)).statusCode).toBe(200);
      expect((await me(other.json().data.access_token)).statusCode).toBe(401);
    });

    it('exchanges an operator impersonation token once, for a flagged session', async () => {
      const member = await registerMember(api);
      const token = await signLink(api.context.signer, 'impersonate', 'ukdating-site01', member.email);
      const res = await api.call('POST', '/api/impersonate', { body: { impersonate_token: token } });
      expect(res.statusCode).toBe(200);
      const user = (await me(res.json().data.access_token)).json().data;
      expect(user.username).toBe(member.username);
      expect(user.scope).toEqual(['member', 'impersonated']);
      const again = await api.call('POST', '/api/impersonate', { body: { impersonate_token: token } });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.impersonate_token).toBeDefined();
      // An impersonator cannot delete the account.
      const del = await api.call('DELETE', '/api/account', {
        token: res.json().data.access_token,
        body: { password: member.password },
      });
      expect(del.statusCode).toBe(403);
      // Other kinds of signed token are not impersonation tokens.
      const unsubscribe = await signLink(api.context.signer, 'unsubscribe', 'ukdating-site01', member.email);
      expect(
        (await api.call('POST', '/api/impersonate', { body: { impersonate_token: unsubscribe } })).statusCode,
      ).toBe(422);
    });

    it('logs a member back in once from the payment redirect (custom1)', async () => {
      const member = await registerMember(api);
      const issued = await api.call('POST', '/api/payment/auth-token', { token: member.access_token });
      expect(issued.statusCode).toBe(200);
      const custom1 = issued.json().data.custom1;
      const res = await api.call('GET', `/api/payment/auth/${custom1}`);
      expect(res.statusCode).toBe(200);
      expect((await me(res.json().data.access_token)).json().data.username).toBe(member.username);
      const again = await api.call('GET', `/api/payment/auth/${custom1}`);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.custom1).toEqual(['This payment login link is invalid or has expired.']);
      expect((await api.call('GET', '/api/payment/auth/not-a-token')).statusCode).toBe(422);
    });
  });
}
