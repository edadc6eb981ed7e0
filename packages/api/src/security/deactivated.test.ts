import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNotifications } from '../db/interactions-schema';
import { messages } from '../db/messaging-schema';
import { users } from '../db/schema';
import { DEACTIVATED_MESSAGE } from '../http/member-auth';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { member, sendText, startConversation } from './kit';

/** Issue #13 (4): a deactivated member cannot send (paid) messages, start conversations or interact. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: a deactivated member cannot reach out (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const credits = async (id: number) =>
      (await api.context.db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]
        ?.credits;

    it('a deactivated member’s paid message is refused with 403: nothing stored, debited or notified', async () => {
      const alice = await member(api, 20);
      const bob = await member(api);
      const carol = await member(api);
      const c = await startConversation(api, alice, bob);
      const deactivate = await api.call('POST', '/api/account/deactivate', {
        token: alice.access_token,
        body: { password: alice.password },
      });
      expect(deactivate.statusCode).toBe(200);
      const before = await credits(alice.id);

      const send = await sendText(api, alice, c.uuid, 'paid hello');
      expect(send.statusCode).toBe(403);
      expect(send.json().message).toBe(DEACTIVATED_MESSAGE);
      const start = await api.call('POST', '/api/user-conversations', {
        token: alice.access_token,
        body: { recipient_uuid: carol.uuid },
      });
      expect(start.statusCode).toBe(403);
      for (const kind of ['like', 'favorite', 'wink']) {
        const res = await api.call('PUT', `/api/profiles/${carol.uuid}/${kind}`, {
          token: alice.access_token,
        });
        expect(res.statusCode, kind).toBe(403);
      }

      expect(await api.context.db.select().from(messages).where(eq(messages.fromId, alice.id))).toEqual([]);
      expect(await credits(alice.id)).toBe(before);
      for (const other of [bob, carol]) {
        const notes = await api.context.db
          .select()
          .from(userNotifications)
          .where(eq(userNotifications.userId, other.id));
        expect(notes).toEqual([]);
      }

      // Reactivated, the same send goes through.
      await api.call('POST', '/api/account/reactivate', { token: alice.access_token });
      expect((await sendText(api, alice, c.uuid, 'back again')).statusCode).toBe(201);
    });
  });
}
