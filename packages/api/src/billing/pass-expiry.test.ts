import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { billingOverrides, memberWithId, type Published } from './billing-test-kit';
import { PassExpiryWatch } from './pass-expiry';

describe.each(drivers)('the end of the 24-hour pass ($driver)', ({ driver, skip }) => {
  describe.skipIf(skip)(driver, () => {
    let api: TestApi;
    const published: Published[] = [];
    beforeAll(async () => {
      api = await startTestApi(driver, billingOverrides(published));
    });
    afterAll(() => api?.close());

    it('announces DurationUpdated once, when the pass has ended, and not before', async () => {
      const member = await memberWithId(api);
      const start = new Date();
      const watch = new PassExpiryWatch(api.context.db, api.context.realtime.events, start);
      await api.context.db
        .update(users)
        .set({ unliMessageUntil: sql`${new Date(start.getTime() + 60_000).toISOString()}::timestamptz` })
        .where(eq(users.id, member.id));
      expect(await watch.check(new Date(start.getTime() + 30_000))).toBe(0);
      expect(await watch.check(new Date(start.getTime() + 61_000))).toBe(1);
      expect(await watch.check(new Date(start.getTime() + 90_000))).toBe(0);
      await expect
        .poll(() => published.filter((p) => p.channels[0] === `private-duration.user.${member.uuid}`))
        .toEqual([
          {
            channels: [`private-duration.user.${member.uuid}`],
            event: 'DurationUpdated',
            data: { has_unli_message: false, expires_at: null },
          },
        ]);
    });
  });
});
