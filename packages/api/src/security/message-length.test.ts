import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { member, sendText, startConversation } from './kit';

/** Issue #13 (12): message length counts characters (code points), not UTF-16 units. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: message length in characters (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('2,000 emoji fit the 2,000-character limit and are stored whole; 2,001 characters do not', async () => {
      const alice = await member(api, 10);
      const bob = await member(api);
      const c = await startConversation(api, alice, bob);
      const emoji = '😀'.repeat(2000); // 4,000 UTF-16 units
      const ok = await sendText(api, alice, c.uuid, emoji);
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.body).toBe(emoji);
      const tooLong = await sendText(api, alice, c.uuid, `${'😀'.repeat(2000)}x`);
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().errors.body).toBeDefined();
    });
  });
}
