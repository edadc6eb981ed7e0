import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { member, type SecurityMember, sendText, startConversation } from './kit';

/** Issue #13 (3): a block cuts the conversation itself, for both members, not only the lists. */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: a block is enforced on the conversation (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, {
        realtimeApp: { id: 'app-1', secret: 'realtime-secret-0123456789' },
      });
    });
    afterAll(async () => {
      await api?.close();
    });

    const channelAuth = (m: SecurityMember, uuid: string) =>
      api.call('POST', '/api/broadcasting/auth', {
        token: m.access_token,
        body: { socket_id: '123.456', channel_name: `private-conversation.${uuid}` },
      });

    async function probe(m: SecurityMember, uuid: string) {
      return {
        conversation: (await api.call('GET', `/api/user-conversations/${uuid}`, { token: m.access_token }))
          .statusCode,
        messages: (
          await api.call('GET', `/api/user-conversations/${uuid}/messages`, { token: m.access_token })
        ).statusCode,
        send: (await sendText(api, m, uuid, 'still there?')).statusCode,
        read: (
          await api.call('POST', `/api/user-conversations/${uuid}/read`, { token: m.access_token, body: {} })
        ).statusCode,
        channel: (await channelAuth(m, uuid)).statusCode,
      };
    }

    it('the blocked and the blocking member get 404 for the conversation, its messages, sending and read, and 403 for its channel', async () => {
      const alice = await member(api, 20);
      const bob = await member(api, 20);
      const c = await startConversation(api, alice, bob);
      expect((await sendText(api, alice, c.uuid, 'hi')).statusCode).toBe(201);
      expect((await channelAuth(bob, c.uuid)).statusCode).toBe(200);

      const block = await api.call('PUT', `/api/profiles/${alice.uuid}/block`, { token: bob.access_token });
      expect(block.statusCode).toBe(200);
      const cut = { conversation: 404, messages: 404, send: 404, read: 404, channel: 403 };
      expect(await probe(alice, c.uuid)).toEqual(cut);
      expect(await probe(bob, c.uuid)).toEqual(cut);

      // Unblocking gives the conversation back.
      await api.call('DELETE', `/api/profiles/${alice.uuid}/block`, { token: bob.access_token });
      expect(
        (await api.call('GET', `/api/user-conversations/${c.uuid}`, { token: alice.access_token }))
          .statusCode,
      ).toBe(200);
      expect((await channelAuth(alice, c.uuid)).statusCode).toBe(200);
    });
  });
}
