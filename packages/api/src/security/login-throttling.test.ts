import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, freshIp, registerMember, startTestApi, type TestApi } from '../test/harness';

/** Issue #13 (1): login throttling must hold against parallel attempts and across API processes. */
const THROTTLE = /^Too many login attempts\. Please try again in (\d+) seconds\.$/;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: login throttling under concurrency (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      // The production defaults (5 per account, 50 per IP, per 5 minutes).
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const login = (target: TestApi, email: string, password: string, ip: string) =>
      target.call('POST', '/api/login', { body: { email, password }, ip });

    it('20 parallel wrong passwords, then the right one: 429 (per account)', async () => {
      const member = await registerMember(api);
      const wrong = await Promise.all(
        Array.from({ length: 20 }, () => login(api, member.email, 'wrong-password', freshIp())),
      );
      const statuses = wrong.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 422)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      const right = await login(api, member.email, member.password, freshIp());
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toMatch(THROTTLE);
    });

    it('parallel wrong passwords from one IP over many accounts: the IP limit holds exactly', async () => {
      const ip = freshIp();
      const res = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          login(api, `nobody${i}-${ip}@example.com`, 'wrong-password', ip),
        ),
      );
      expect(res.filter((r) => r.statusCode === 422)).toHaveLength(50);
      expect(res.filter((r) => r.statusCode === 429)).toHaveLength(10);
    });

    it('the limit is shared by two API instances on one database', async () => {
      if (driver !== 'postgres') return; // PGlite is one in-process database: one API per database.
      const second = await startTestApi(driver, { databaseUrl: api.databaseUrl });
      try {
        const member = await registerMember(api);
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            login(i % 2 ? second : api, member.email, 'wrong-password', freshIp()),
          ),
        );
        for (const target of [api, second]) {
          const right = await login(target, member.email, member.password, freshIp());
          expect(right.statusCode).toBe(429);
          expect(right.json().message).toMatch(THROTTLE);
        }
      } finally {
        await second.close();
      }
    });
  });
}
