import { AUTH_MESSAGES } from '@ukd/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_THROTTLED } from '../auth/auth-routes';
import { drivers, freshIp, newMember, registerMember, startTestApi, type TestApi } from '../test/harness';

/** Issue #13 (5): the password flows do not tell whether an address is a member's. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: user enumeration (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, { registrationLimit: { maxAttempts: 3, decaySeconds: 3600 } });
    });
    afterAll(async () => {
      await api?.close();
    });

    it('forgot-password answers a known and an unknown address the same, and mails only the known one', async () => {
      const known = await registerMember(api, {}, freshIp());
      const ghost = `ghost-${Date.now()}@example.com`;
      const a = await api.call('POST', '/api/forgot-password', { body: { email: known.email } });
      const b = await api.call('POST', '/api/forgot-password', { body: { email: ghost } });
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
      const outbox = await api.outbox();
      expect(outbox.some((m) => m.to === known.email && m.links.reset)).toBe(true);
      expect(outbox.some((m) => m.to === ghost)).toBe(false);
      // Asked again within the minute: the same "wait" for both.
      const a2 = await api.call('POST', '/api/forgot-password', { body: { email: known.email } });
      const b2 = await api.call('POST', '/api/forgot-password', { body: { email: ghost } });
      expect([a2.statusCode, a2.body]).toEqual([b2.statusCode, b2.body]);
    });

    it('reset-password answers a known address with a wrong token and an unknown address the same', async () => {
      const known = await registerMember(api, {}, freshIp());
      const reset = (email: string) =>
        api.call('POST', '/api/reset-password', {
          body: {
            token: 'not-a-token',
            email,
            password: 'New-Meadow-2027',
            password_confirmation: 'New-Meadow-2027',
          },
        });
      const a = await reset(known.email);
      const b = await reset(`ghost-${Date.now()}@example.com`);
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
      expect(a.json().errors.email).toEqual([AUTH_MESSAGES.resetTokenInvalid]);
    });

    it('registration (and its "already taken" answer) is rate limited per IP', async () => {
      const ip = freshIp();
      const taken = await registerMember(api, {}, ip);
      const register = (body: Record<string, unknown>) => api.call('POST', '/api/register', { body, ip });
      const again = await register(newMember({ email: taken.email }));
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.email).toEqual(['The email has already been taken']);
      expect((await register(newMember())).statusCode).toBe(201);
      const limited = await register(newMember({ email: taken.email }));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(REGISTRATION_THROTTLED);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await api.call('POST', '/api/register', { body: newMember(), ip: freshIp() })).statusCode).toBe(
        201,
      );
    });
  });
}
