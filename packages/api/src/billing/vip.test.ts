import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import {
  balanceOf,
  billingOverrides,
  memberWithId,
  notify,
  signedNotification,
  startOrder,
} from './billing-test-kit';

describe.each(drivers)('VIP benefits ($driver)', ({ driver, skip }) => {
  describe.skipIf(skip)(driver, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, billingOverrides());
    });
    afterAll(() => api?.close());

    it('a VIP member winks for free while other messages keep their price', async () => {
      const vip = await memberWithId(api);
      const other = await memberWithId(api);
      const { order } = await startOrder(api, vip.access_token, 'vip-monthly');
      expect((await notify(api, signedNotification(order))).statusCode).toBe(200);
      expect(await balanceOf(api, vip.id)).toBe(100);

      const prices = await api.call('GET', '/api/message-prices', { token: vip.access_token });
      expect(prices.json().data.prices).toEqual({ text: 1, image: 2, wink: 0, trigger: 1 });
      const started = await api.call('POST', '/api/user-conversations', {
        token: vip.access_token,
        body: { recipient_uuid: other.uuid },
      });
      const conversation = started.json().data.uuid as string;
      const send = (body: Record<string, unknown>) =>
        api.call('POST', `/api/user-conversations/${conversation}/messages`, {
          token: vip.access_token,
          body: { client_msg_id: randomUUID(), ...body },
        });
      const wink = await send({ type: 'wink' });
      expect(wink.statusCode).toBe(201);
      expect(wink.json().data.price).toBe(0);
      expect(await balanceOf(api, vip.id)).toBe(100);
      const text = await send({ type: 'text', body: 'Hello' });
      expect(text.json().data.price).toBe(1);
      expect(await balanceOf(api, vip.id)).toBe(99);

      // Everyone else pays for winks.
      const plain = await api.call('GET', '/api/message-prices', { token: other.access_token });
      expect(plain.json().data.prices.wink).toBe(1);
    });
  });
});
