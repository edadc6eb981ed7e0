import { TRACKING_EVENTS_PER_MINUTE } from '@ukd/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOverrides } from '../billing/billing-test-kit';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { member, sendText, startConversation, statuses } from './kit';

/** Issue #13 (7): every per-member limit is one atomic count, so parallel requests cannot overshoot it. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: per-member limits under concurrency (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, billingOverrides());
    });
    afterAll(async () => {
      await api?.close();
    });

    it('50 parallel sends against 30 a minute: exactly 30 are stored, the rest 429', async () => {
      const alice = await member(api, 1000);
      const bob = await member(api);
      const c = await startConversation(api, alice, bob);
      const res = await Promise.all(
        Array.from({ length: 50 }, (_, i) => sendText(api, alice, c.uuid, `m${i}`)),
      );
      expect(statuses(res)).toEqual({ 201: 30, 429: 20 });
      expect((await sendText(api, alice, c.uuid)).statusCode).toBe(429);
    });

    it('40 parallel reports against 30 a day: exactly 30 are filed', async () => {
      const reporter = await member(api);
      const targets = await Promise.all(Array.from({ length: 4 }, () => member(api)));
      const res = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api.call('POST', `/api/profiles/${targets[i % 4]?.uuid}/report`, {
            token: reporter.access_token,
            body: { reason: 'scam' },
          }),
        ),
      );
      expect(statuses(res)).toEqual({ 201: 30, 429: 10 });
    });

    it(`${TRACKING_EVENTS_PER_MINUTE + 11} parallel tracking events against ${TRACKING_EVENTS_PER_MINUTE} a minute`, async () => {
      const m = await member(api);
      const body = { section_type: 'foldout', button_type: 'menu_btn', status: 'opened' };
      const res = await Promise.all(
        Array.from({ length: TRACKING_EVENTS_PER_MINUTE + 11 }, () =>
          api.call('POST', '/api/user-track-clicks', { token: m.access_token, body }),
        ),
      );
      expect(statuses(res)).toEqual({ 204: TRACKING_EVENTS_PER_MINUTE, 429: 11 });
    });

    it('40 parallel checkouts against 30 an hour: exactly 30 orders are opened', async () => {
      const m = await member(api);
      const res = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api.call('POST', '/api/credit-orders', {
            token: m.access_token,
            body: { package_id: 'credits-50', client_key: `parallel-${m.id}-${i}` },
          }),
        ),
      );
      expect(statuses(res)).toEqual({ 200: 30, 429: 10 });
    });

    it('the message limit is shared by two API instances on one database', async () => {
      if (driver !== 'postgres') return; // PGlite is one in-process database: one API per database.
      const second = await startTestApi(driver, { ...billingOverrides(), databaseUrl: api.databaseUrl });
      try {
        const alice = await member(api, 1000);
        const bob = await member(api);
        const c = await startConversation(api, alice, bob);
        const res = await Promise.all(
          Array.from({ length: 40 }, (_, i) => sendText(i % 2 ? second : api, alice, c.uuid, `m${i}`)),
        );
        expect(statuses(res)).toEqual({ 201: 30, 429: 10 });
      } finally {
        await second.close();
      }
    });
  });
}
