import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBalance } from '../messaging/credit-ledger';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { balanceOf, billingOverrides, memberWithId, startOrder } from './billing-test-kit';

const tokenOf = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';

describe.each(drivers)('sandbox card page and welcome credits ($driver)', ({ driver, skip }) => {
  describe.skipIf(skip)(driver, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, billingOverrides());
    });
    afterAll(() => api?.close());

    /** Submits the hosted card form as a browser would: the signed request fields plus the card. */
    async function pay(redirectUrl: string, card: string, expiry = '12/39') {
      const url = new URL(redirectUrl);
      const page = await api.call('GET', `${url.pathname}${url.search}`, { siteKey: null });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const form = new URLSearchParams(url.search);
      form.delete('SIG');
      form.set('SIG', url.searchParams.get('SIG') ?? '');
      form.set('card_number', card);
      form.set('expiry', expiry);
      form.set('cvc', '123');
      return api.call('POST', url.pathname, {
        siteKey: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }

    it('grants the welcome credits once, when the member confirms their email', async () => {
      const member = await memberWithId(api);
      expect(await balanceOf(api, member.id)).toBe(0);
      const mail = (await api.outbox()).find((m) => m.to === member.email);
      const confirmed = await api.call('POST', '/api/confirm-email', {
        body: { token: tokenOf(mail?.links.confirm) },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(await balanceOf(api, member.id)).toBe(10);
      const { welcomeMember } = await import('./billing-services');
      await welcomeMember(api.context, member.id);
      expect(await balanceOf(api, member.id)).toBe(10);
      expect(await ledgerBalance(api.context.db, member.id)).toBe(10);
    });

    it('4111 1111 1111 1111 pays: redirect back to /trustpay-status and the credits land', async () => {
      const member = await memberWithId(api);
      const { order, redirect_url } = await startOrder(api, member.access_token, 'credits-20');
      const res = await pay(redirect_url, '4111 1111 1111 1111');
      expect(res.statusCode).toBe(303);
      const back = new URL(String(res.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/trustpay-status');
      expect(back.searchParams.get('REF')).toBe(order.reference);
      expect(back.searchParams.get('RES')).toBe('0');
      // A member whose session ended while paying is logged back in once with custom1 (SPEC payment auth).
      const custom1 = back.searchParams.get('custom1') ?? '';
      const login = await api.call('GET', `/api/payment/auth/${custom1}`);
      expect(login.statusCode).toBe(200);
      expect(login.json().data.access_token).toEqual(expect.any(String));
      expect((await api.call('GET', `/api/payment/auth/${custom1}`)).statusCode).toBe(422);
      expect(await balanceOf(api, member.id)).toBe(20);
      // Back and pay again: the order is paid once, the balance does not move.
      const again = await pay(redirect_url, '4111111111111111');
      expect(again.statusCode).toBe(303);
      expect(await balanceOf(api, member.id)).toBe(20);
    });

    it('a member with purchases can still delete their account (orders go with it)', async () => {
      const member = await memberWithId(api);
      const { redirect_url } = await startOrder(api, member.access_token, 'credits-20');
      expect((await pay(redirect_url, '4111111111111111')).statusCode).toBe(303);
      const gone = await api.call('DELETE', '/api/account', {
        token: member.access_token,
        body: { password: member.password },
      });
      expect(gone.statusCode).toBe(200);
    });

    it('a declined card and insufficient funds leave the balance unchanged with a reason', async () => {
      const member = await memberWithId(api);
      const declined = await startOrder(api, member.access_token, 'credits-20');
      expect((await pay(declined.redirect_url, '4000 0000 0000 0002')).headers.location).toContain(
        'RES=1014',
      );
      const poor = await startOrder(api, member.access_token, 'credits-50');
      expect((await pay(poor.redirect_url, '4000000000009995')).headers.location).toContain('RES=1007');
      const history = await api.call('GET', '/api/credit-orders', { token: member.access_token });
      expect(history.json().data.map((o: { failure_reason: string }) => o.failure_reason)).toEqual([
        'Your card has insufficient funds. Try another card or a smaller package.',
        'Your bank declined the card. Try another card or contact your bank.',
      ]);
      expect(await balanceOf(api, member.id)).toBe(0);
    });

    it('shows the form again for an unknown card or an expired one, and refuses a tampered request', async () => {
      const member = await memberWithId(api);
      const { redirect_url } = await startOrder(api, member.access_token, 'credits-20');
      const unknown = await pay(redirect_url, '5555 5555 5555 4444');
      expect(unknown.statusCode).toBe(422);
      expect(unknown.body).toContain('Unknown card. Use one of the sandbox test cards listed below.');
      const expired = await pay(redirect_url, '4111111111111111', '01/20');
      expect(expired.body).toContain('This card has expired.');
      const tampered = new URL(redirect_url);
      tampered.searchParams.set('AMT', '0.01');
      const page = await api.call('GET', `${tampered.pathname}${tampered.search}`, { siteKey: null });
      expect(page.statusCode).toBe(403);
      expect(await balanceOf(api, member.id)).toBe(0);
    });
  });
});
