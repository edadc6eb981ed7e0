import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshIp, registerMember, startTestApi, type TestApi } from '../test/harness';

const THROTTLE = /^Too many login attempts\. Please try again in (\d+) seconds\.$/;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`login throttling (${driver})`, () => {
    let api: TestApi;
    const loginThrottle = {
      perAccount: { maxAttempts: 3, decaySeconds: 120 },
      perIp: { maxAttempts: 6, decaySeconds: 300 },
    };
    beforeAll(async () => {
      api = await startTestApi(driver, { loginThrottle });
    });
    afterAll(async () => {
      await api?.close();
    });

    const login = (email: string, password: string, ip: string) =>
      api.call('POST', '/api/login', { body: { email, password }, ip });

    it('locks an account after repeated failures, from any IP, with 429 and the SPEC text', async () => {
      const member = await registerMember(api);
      for (let i = 0; i < 3; i++) {
        expect((await login(member.email, 'wrong-password', freshIp())).statusCode).toBe(422);
      }
      // Even the right password waits: the account is locked, whichever address asks.
      const locked = await login(member.email, member.password, freshIp());
      expect(locked.statusCode).toBe(429);
      const body = locked.json();
      expect(body.message).toMatch(THROTTLE);
      const seconds = Number(THROTTLE.exec(body.message)?.[1]);
      expect(seconds).toBeGreaterThan(100);
      expect(seconds).toBeLessThanOrEqual(120);
      expect(body.errors.email).toEqual([body.message]);
      expect(locked.headers['retry-after']).toBe(String(seconds));
    });

    it('unlocks when the window has passed', async () => {
      const member = await registerMember(api);
      for (let i = 0; i < 3; i++) await login(member.email, 'wrong-password', freshIp());
      expect((await login(member.email, member.password, freshIp())).statusCode).toBe(429);
      // Time travel: end the window in the shared table, as the clock would.
      await expireThrottles(api);
      expect((await login(member.email, member.password, freshIp())).statusCode).toBe(200);
    });

    it('locks an IP that sprays many accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < 6; i++) {
        expect((await login(`nobody${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(422);
      }
      const member = await registerMember(api);
      expect((await login(member.email, member.password, ip)).statusCode).toBe(429);
      expect((await login(member.email, member.password, freshIp())).statusCode).toBe(200);
    });

    it('a successful login clears the account count', async () => {
      const member = await registerMember(api);
      const ip = freshIp();
      for (let i = 0; i < 2; i++) await login(member.email, 'wrong-password', ip);
      expect((await login(member.email, member.password, ip)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++)
        expect((await login(member.email, 'wrong-password', ip)).statusCode).toBe(422);
      expect((await login(member.email, member.password, ip)).statusCode).toBe(200);
    });

    it('is shared by two API processes on one PostgreSQL database', async () => {
      if (driver !== 'postgres') return;
      const second = await startTestApi(driver, { databaseUrl: api.databaseUrl, loginThrottle });
      try {
        const member = await registerMember(api);
        for (let i = 0; i < 3; i++) await login(member.email, 'wrong-password', freshIp());
        const res = await second.call('POST', '/api/login', {
          body: { email: member.email, password: member.password },
          ip: freshIp(),
        });
        expect(res.statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });
  });
}

async function expireThrottles(api: TestApi): Promise<void> {
  await api.context.db.execute(sql`update login_throttles set reset_at = now() - interval '1 second'`);
}
