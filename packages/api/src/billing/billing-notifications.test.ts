import type { CreditOrderStatusResponse } from '@ukd/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBalance } from '../messaging/credit-ledger';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import {
  balanceOf,
  billingOverrides,
  memberWithId,
  notify,
  type Published,
  signedNotification,
  startOrder,
} from './billing-test-kit';

describe.each(drivers)('payment notifications ($driver)', ({ driver, skip }) => {
  describe.skipIf(skip)(driver, () => {
    let api: TestApi;
    const published: Published[] = [];
    const touched = new Set<number>();
    beforeAll(async () => {
      api = await startTestApi(driver, billingOverrides(published));
    });
    afterAll(() => api?.close());

    async function buyer() {
      const member = await memberWithId(api);
      touched.add(member.id);
      return member;
    }

    it('credits a verified payment once, publishes CreditsEarned after commit and mails a receipt', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-50');
      const res = await notify(api, signedNotification(order));
      expect(res.statusCode).toBe(200);
      expect(await balanceOf(api, member.id)).toBe(50);
      const status = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: member.access_token,
      });
      expect((status.json() as CreditOrderStatusResponse).data).toMatchObject({
        order: { status: 'paid', failure_reason: null },
        credits: 50,
      });
      await expect.poll(() => published.filter((p) => p.event === 'CreditsEarned').length).toBeGreaterThan(0);
      expect(published.find((p) => p.channels[0] === `private-credits.user.${member.uuid}`)?.data).toEqual({
        credits_earned: 50,
        credits: 50,
        reason: 'purchase',
      });
      const receipt = (await api.outbox()).find(
        (m) => m.to === member.email && m.subject.includes(order.reference),
      );
      expect(receipt?.text).toContain('Amount paid: £19.99 (GBP, VAT included)');
      expect(receipt?.text).toContain('of which VAT at 20%: £3.33');
    });

    it('refuses a forged signature, a foreign AID, an unknown reference, a wrong amount or currency', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-20');
      const forged = { ...signedNotification(order), SIG: 'A'.repeat(64) };
      expect((await notify(api, forged)).statusCode).toBe(403);
      const tamperedAfterSigning = { ...signedNotification(order), AMT: '0.01' };
      expect((await notify(api, tamperedAfterSigning)).statusCode).toBe(403);
      expect((await notify(api, signedNotification(order, { AID: '9999999999' }))).statusCode).toBe(403);
      const foreign = await notify(
        api,
        signedNotification({ ...order, reference: 'FL00000000000000000000' }),
      );
      expect(foreign.statusCode).toBe(404);
      const cheap = await notify(api, signedNotification(order, { AMT: '0.99' }));
      expect(cheap.statusCode).toBe(422);
      expect(cheap.json().errors).toEqual({ AMT: ['The amount does not match the order.'] });
      const euros = await notify(api, signedNotification(order, { CUR: 'EUR' }));
      expect(euros.json().errors).toEqual({ CUR: ['The currency does not match the order.'] });
      const missing = await notify(api, { AID: 'x' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.SIG).toEqual(['The SIG field is required']);
      expect((await notify(api, signedNotification(order, { TYP: 'GIFT' }))).statusCode).toBe(422);
      expect(await balanceOf(api, member.id)).toBe(0);
      const status = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: member.access_token,
      });
      expect(status.json().data.order.status).toBe('pending');
    });

    it('refuses a replayed notification (409) and credits nothing more', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-20');
      const notification = signedNotification(order);
      expect((await notify(api, notification)).statusCode).toBe(200);
      const replay = await notify(api, notification, false);
      expect(replay.statusCode).toBe(409);
      // A second, different successful payment for the same order is not delivered either.
      expect((await notify(api, signedNotification(order))).statusCode).toBe(409);
      expect(await balanceOf(api, member.id)).toBe(20);
    });

    it('credits parallel duplicate notifications exactly once', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-120');
      const notification = signedNotification(order);
      const answers = await Promise.all(Array.from({ length: 6 }, () => notify(api, notification)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await balanceOf(api, member.id)).toBe(120);
    });

    it('records a declined payment as failed in plain words, crediting nothing', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-20');
      expect((await notify(api, signedNotification(order, { RES: '1007' }))).statusCode).toBe(200);
      const status = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: member.access_token,
      });
      expect(status.json().data.order).toMatchObject({
        status: 'failed',
        failure_reason: 'Your card has insufficient funds. Try another card or a smaller package.',
      });
      expect(await balanceOf(api, member.id)).toBe(0);
    });

    it('handles notifications late and out of order: a late decline never undoes a payment', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-20');
      // Declined first, then paid with another card on the same order: credited once.
      expect((await notify(api, signedNotification(order, { RES: '1014' }))).statusCode).toBe(200);
      expect((await notify(api, signedNotification(order, { RES: '1' }))).statusCode).toBe(200);
      expect((await notify(api, signedNotification(order))).statusCode).toBe(200);
      expect((await notify(api, signedNotification(order, { RES: '1005' }))).statusCode).toBe(200);
      const status = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: member.access_token,
      });
      expect(status.json().data.order).toMatchObject({ status: 'paid', failure_reason: null });
      expect(await balanceOf(api, member.id)).toBe(20);
    });

    it('answers 422, not 500, for malformed notifications', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-20');
      const good = signedNotification(order);
      for (const bad of [
        { ...good, AMT: ['19.99'] },
        { ...good, REF: { $ne: '' } },
        { ...good, SIG: 'x'.repeat(200) },
      ]) {
        const res = await notify(api, bad as unknown as Record<string, string>, false);
        expect(res.statusCode).toBe(422);
      }
      for (const amt of ['1e309', '-20.00', '20.000', '0x14', ' 20.00']) {
        const res = await notify(api, signedNotification(order, { AMT: amt }));
        expect([403, 422]).toContain(res.statusCode);
      }
      expect(await balanceOf(api, member.id)).toBe(0);
    });

    it('reverses a refund and a chargeback with ledger entries; the balance may go below zero', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'credits-50');
      const early = await notify(api, signedNotification(order, { TYP: 'RFND' }));
      expect(early.statusCode).toBe(409);
      await notify(api, signedNotification(order));
      const { order: second } = await startOrder(api, member.access_token, 'credits-20');
      await notify(api, signedNotification(second));
      expect(await balanceOf(api, member.id)).toBe(70);
      // The member spends 30 credits, then the first purchase is refunded: 40 - 50 = -10.
      await api.context.db.transaction(async (tx) => {
        const { appendCredits } = await import('../messaging/credit-ledger');
        await appendCredits(tx, { userId: member.id, delta: -30, reason: 'message', reference: 'test' });
      });
      const refund = signedNotification(order, { TYP: 'RFND' });
      expect((await notify(api, refund)).statusCode).toBe(200);
      expect((await notify(api, refund)).statusCode).toBe(409);
      expect(await balanceOf(api, member.id)).toBe(-10);
      const me = await api.call('POST', '/api/me', { token: member.access_token });
      // The API reports the true balance; the shell's selectDisplayCredits shows it as 0 (SPEC).
      expect(me.json().data.credits).toBe(-10);
      expect((await notify(api, signedNotification(second, { TYP: 'CBCK' }))).statusCode).toBe(200);
      expect(await balanceOf(api, member.id)).toBe(-30);
      const history = await api.call('GET', '/api/credit-orders', { token: member.access_token });
      expect(history.json().data.map((o: { status: string }) => o.status)).toEqual([
        'charged_back',
        'refunded',
      ]);
    });

    it('starts and extends the 24-hour pass and publishes DurationUpdated', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'pass-24h');
      const before = Date.now();
      expect((await notify(api, signedNotification(order))).statusCode).toBe(200);
      const me = await api.call('POST', '/api/me', { token: member.access_token });
      expect(me.json().data.has_unli_message).toBe(true);
      const status = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: member.access_token,
      });
      const until = Date.parse(status.json().data.unli_message_until);
      expect(until - before).toBeGreaterThan(23.9 * 3600_000);
      const { order: more } = await startOrder(api, member.access_token, 'pass-24h');
      await notify(api, signedNotification(more));
      const later = await api.call('GET', `/api/credit-orders/${more.reference}`, {
        token: member.access_token,
      });
      expect(Date.parse(later.json().data.unli_message_until) - until).toBeGreaterThan(23.9 * 3600_000);
      await expect
        .poll(() => published.filter((p) => p.channels[0] === `private-duration.user.${member.uuid}`).length)
        .toBe(2);
      expect(await balanceOf(api, member.id)).toBe(0);
    });

    it('VIP adds its monthly credits and 30 days of membership', async () => {
      const member = await buyer();
      const { order } = await startOrder(api, member.access_token, 'vip-monthly');
      await notify(api, signedNotification(order));
      const vip = await api.call('GET', '/api/vip', { token: member.access_token });
      expect(vip.json().data.active).toBe(true);
      expect(Date.parse(vip.json().data.until) - Date.now()).toBeGreaterThan(29.9 * 86400_000);
      expect(await balanceOf(api, member.id)).toBe(100);
    });

    it('leaves every touched balance equal to its ledger sum', async () => {
      expect(touched.size).toBeGreaterThan(5);
      for (const id of touched)
        expect(await ledgerBalance(api.context.db, id)).toBe(await balanceOf(api, id));
    });
  });
});
