import type { CreditOrderStatusResponse, CreditPackagesResponse } from '@ukd/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { billingOverrides, memberWithId, startOrder, TEST_AID, TEST_SECRET } from './billing-test-kit';
import { paymentRequestSig } from './signatures';

describe.each(drivers)('prices and orders ($driver)', ({ driver, skip }) => {
  describe.skipIf(skip)(driver, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, billingOverrides());
    });
    afterAll(() => api?.close());

    it('lists four or more credit packages in GBP, one best value, plus the pass and VIP', async () => {
      const res = await api.call('GET', '/api/credit-packages');
      expect(res.statusCode).toBe(200);
      const { packages, message_prices } = (res.json() as CreditPackagesResponse).data;
      const credits = packages.filter((p) => p.kind === 'credits');
      expect(credits.length).toBeGreaterThanOrEqual(4);
      expect(packages.filter((p) => p.best_value).map((p) => p.id)).toEqual(['credits-300']);
      expect(packages.find((p) => p.id === 'credits-50')).toMatchObject({
        credits: 50,
        amount: '19.99',
        amount_pence: 1999,
        currency: 'GBP',
        price_per_credit_pence: 40,
      });
      expect(packages.find((p) => p.kind === 'pass')).toMatchObject({ duration_hours: 24, credits: 0 });
      expect(packages.find((p) => p.kind === 'vip')).toMatchObject({ duration_hours: 720 });
      expect(message_prices).toEqual({ text: 1, image: 2, wink: 1, trigger: 1 });
    });

    it('opens one pending order per client key and signs the provider redirect', async () => {
      const member = await memberWithId(api);
      const first = await startOrder(api, member.access_token, 'credits-120', 'key-double-click-1');
      const again = await startOrder(api, member.access_token, 'credits-120', 'key-double-click-1');
      expect(again.order.reference).toBe(first.order.reference);
      expect(first.order).toMatchObject({
        status: 'pending',
        amount: '39.99',
        currency: 'GBP',
        credits: 120,
      });
      const url = new URL(first.redirect_url);
      expect(url.pathname).toBe('/api/payments/sandbox/card');
      const fields = { AID: TEST_AID, AMT: '39.99', CUR: 'GBP', REF: first.order.reference };
      const { custom1, ...signed } = Object.fromEntries(url.searchParams);
      expect(signed).toEqual({ ...fields, SIG: paymentRequestSig(TEST_SECRET, fields) });
      // The sandbox carries SPEC's payment-auth value through to the return.
      expect(custom1).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(url.searchParams.get('SIG')).toMatch(/^[0-9A-F]{64}$/);
      const other = await startOrder(api, member.access_token, 'credits-120', 'key-double-click-2');
      expect(other.order.reference).not.toBe(first.order.reference);
    });

    it('refuses an unknown package, a missing key, a reused key for another package, and an amount', async () => {
      const member = await memberWithId(api);
      const token = member.access_token;
      const unknown = await api.call('POST', '/api/credit-orders', {
        token,
        body: { package_id: 'credits-1000000', client_key: 'key-unknown-1' },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ package_id: ['The selected package id is invalid'] });
      for (const package_id of [0, -1, 1e308, [], {}, 'credits-20 OR 1=1', null]) {
        const probe = await api.call('POST', '/api/credit-orders', {
          token,
          body: { package_id, client_key: 'key-probe-1' },
        });
        expect(probe.statusCode).toBe(422);
        expect(Object.keys(probe.json().errors)).toEqual(['package_id']);
      }
      const badKey = await api.call('POST', '/api/credit-orders', {
        token,
        body: { package_id: 'credits-20', client_key: '../../etc' },
      });
      expect(badKey.json().errors).toEqual({ client_key: ['The client key format is invalid.'] });
      const missing = await api.call('POST', '/api/credit-orders', {
        token,
        body: { package_id: 'credits-20' },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.client_key).toEqual(['The client key field is required']);
      await startOrder(api, token, 'credits-20', 'key-reused-1');
      const reused = await api.call('POST', '/api/credit-orders', {
        token,
        body: { package_id: 'credits-300', client_key: 'key-reused-1' },
      });
      expect(reused.statusCode).toBe(422);
      expect(Object.keys(reused.json().errors)).toEqual(['client_key']);
      // An amount in the body is refused (unknown fields are a 422, issue #13): the price comes
      // from the server's catalogue only.
      const tampered = await api.call('POST', '/api/credit-orders', {
        token,
        body: { package_id: 'credits-300', client_key: 'key-tamper-1', amount: '0.01', amount_pence: 1 },
      });
      expect(tampered.statusCode).toBe(422);
      expect(tampered.json().errors.body).toEqual(['The amount, amount_pence fields are not allowed.']);
      const honest = await api.call('POST', '/api/credit-orders', {
        token,
        body: { package_id: 'credits-300', client_key: 'key-tamper-1' },
      });
      expect(honest.json().data.order.amount).toBe('79.99');
      const anonymous = await api.call('POST', '/api/credit-orders', {
        body: { package_id: 'credits-20', client_key: 'key-anon-1' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('caps the checkouts one member starts in an hour (429)', async () => {
      const member = await memberWithId(api);
      for (let i = 0; i < 30; i += 1)
        await startOrder(api, member.access_token, 'credits-20', `key-cap-${i}`);
      const more = await api.call('POST', '/api/credit-orders', {
        token: member.access_token,
        body: { package_id: 'credits-20', client_key: 'key-cap-31' },
      });
      expect(more.statusCode).toBe(429);
      expect(more.headers['retry-after']).toBe('3600');
    });

    it("answers 404 for another member's order and for nonsense references", async () => {
      const owner = await memberWithId(api);
      const stranger = await memberWithId(api);
      const { order } = await startOrder(api, owner.access_token);
      const mine = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: owner.access_token,
      });
      expect(mine.statusCode).toBe(200);
      expect((mine.json() as CreditOrderStatusResponse).data).toMatchObject({
        order: { reference: order.reference, status: 'pending' },
        credits: 0,
        has_unli_message: false,
      });
      const theirs = await api.call('GET', `/api/credit-orders/${order.reference}`, {
        token: stranger.access_token,
      });
      expect(theirs.statusCode).toBe(404);
      for (const ref of ['0', '-1', '1 OR 1=1', 'x'.repeat(64)]) {
        const res = await api.call('GET', `/api/credit-orders/${encodeURIComponent(ref)}`, {
          token: owner.access_token,
        });
        expect(res.statusCode).toBe(404);
      }
      const history = await api.call('GET', '/api/credit-orders', { token: stranger.access_token });
      expect(history.json().data).toEqual([]);
    });

    it('lists and sells the seasonal gift boxes only while the site runs an event', async () => {
      const member = await memberWithId(api);
      const ids = async () =>
        ((await api.call('GET', '/api/credit-packages')).json() as CreditPackagesResponse).data.packages.map(
          (p) => p.id,
        );
      expect(await ids()).not.toContain('offer-1000');
      const ended = await api.call('POST', '/api/credit-orders', {
        token: member.access_token,
        body: { package_id: 'offer-1000', client_key: 'key-offer-ended' },
      });
      expect(ended.statusCode).toBe(422);
      expect(ended.json().errors).toEqual({ package_id: ['This offer has ended.'] });
      const site = api.context.defaultSite.id;
      await api.context.sites.set(site, 'event', 'halloween');
      try {
        const packages = ((await api.call('GET', '/api/credit-packages')).json() as CreditPackagesResponse)
          .data.packages;
        expect(
          packages.filter((p) => p.offer_event === 'halloween').map((p) => [p.id, p.credits, p.amount]),
        ).toEqual([
          ['offer-1000', 1000, '159.99'],
          ['offer-2500', 2500, '239.99'],
        ]);
        expect(packages.filter((p) => p.best_value).map((p) => p.id)).toEqual(['credits-300']);
        const { order } = await startOrder(api, member.access_token, 'offer-2500', 'key-offer-on');
        expect(order).toMatchObject({ credits: 2500, amount: '239.99', status: 'pending' });
        // The popups' impressions and clicks are stored with the event as their type.
        for (const action_type of ['IMPRESSION', 'CLICKED']) {
          const seen = await api.call('POST', '/api/site-popups', {
            token: member.access_token,
            body: { notification_type: 'halloween', action_type },
          });
          expect(seen.statusCode).toBeLessThan(300);
        }
        const bogus = await api.call('POST', '/api/site-popups', {
          token: member.access_token,
          body: { notification_type: 'birthday', action_type: 'CLICKED' },
        });
        expect(bogus.json().errors).toEqual({
          notification_type: ['The selected notification type is invalid'],
        });
      } finally {
        await api.context.sites.unset(site, 'event');
      }
    });
  });
});
