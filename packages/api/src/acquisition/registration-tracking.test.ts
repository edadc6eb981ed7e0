import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberByEmail } from '../auth/member-queries';
import { drivers, newMember, startTestApi, type TestApi } from '../test/harness';
import { registrationsReport } from './acquisition-cli';
import { acquisitionOf, registrationsBySource } from './member-acquisition';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`tracking stored with a registration (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    /** Registers with `tracking` and answers what was stored for the new member. */
    async function registerWith(tracking: unknown, site?: string) {
      const member = newMember(tracking === undefined ? {} : { tracking });
      const res = await api.call('POST', '/api/register', {
        body: member,
        ...(site ? { siteKey: site } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      const user = await memberByEmail(api.context.db, api.context.defaultSite.id, member.email);
      if (!user) throw new Error('member not stored');
      return acquisitionOf(api.context.db, user.id);
    }

    it('stores every SPEC value, the affiliate and the landing path with the new member', async () => {
      const row = await registerWith({
        s1: 'fb',
        s2: 'spring_sale',
        s3: 'uk:north',
        s4: 'v2',
        s5: 'a|b',
        gclid: 'Cj0KCQiA_abc-123',
        tracking_id: 'partner-7',
        landing: 3,
        aff: 'PARTNER42',
        landing_path: '/landers/casual-dating',
      });
      expect(row).toMatchObject({
        s1: 'fb',
        s2: 'spring_sale',
        s3: 'uk:north',
        s4: 'v2',
        s5: 'a|b',
        gclid: 'Cj0KCQiA_abc-123',
        trackingId: 'partner-7',
        landing: 3,
        affiliate: 'PARTNER42',
        landingPath: '/landers/casual-dating',
      });
    });

    it('the member sees it in their data export (right of access)', async () => {
      const member = newMember({ tracking: { s1: 'fb', gclid: 'abc', landing_path: '/lander32' } });
      const res = await api.call('POST', '/api/register', { body: member });
      const token = res.json().data.access_token as string;
      const exported = (await api.call('GET', '/api/account/export', { token })).json();
      expect(exported.acquisition).toEqual({
        s1: 'fb',
        s2: 'empty',
        s3: 'empty',
        s4: 'empty',
        s5: 'empty',
        gclid: 'abc',
        tracking_id: null,
        landing: 1,
        affiliate: null,
        landing_path: '/lander32',
      });
    });

    it('gives a member without tracking the defaults (s1…s5 empty, landing 1)', async () => {
      const row = await registerWith(undefined);
      expect(row).toMatchObject({
        s1: 'empty',
        s5: 'empty',
        landing: 1,
        gclid: null,
        affiliate: null,
        landingPath: null,
      });
    });

    it('credits the tracking id when the link has no aff', async () => {
      const row = await registerWith({ tracking_id: 'net-99' });
      expect(row).toMatchObject({ trackingId: 'net-99', affiliate: 'net-99' });
    });

    it('drops bad values without blocking the registration: markup, oversize, arrays, objects, numbers', async () => {
      const row = await registerWith({
        s1: '<script>alert(1)</script>',
        s2: 'x'.repeat(101),
        s3: ['fb', 'google'],
        s4: { $ne: 1 },
        s5: 42,
        gclid: 'g'.repeat(513),
        tracking_id: 'has space',
        aff: "'; drop table users; --",
        landing: 0,
        landing_path: 'https://evil.example/phish',
        unknown_key: 'ignored',
      });
      expect(row).toMatchObject({
        s1: 'empty',
        s2: 'empty',
        s3: 'empty',
        s4: 'empty',
        s5: 'empty',
        gclid: null,
        trackingId: null,
        affiliate: null,
        landing: 1,
        landingPath: null,
      });
    });

    it('keeps the good values beside the bad ones and trims them', async () => {
      const row = await registerWith({ s1: '  blog ', s2: '\u0000', landing: '12', landing_path: '/?s1=x' });
      expect(row).toMatchObject({ s1: 'blog', s2: 'empty', landing: 12, landingPath: null });
    });

    it.each([['not an object'], [['s1', 'fb']], [null], [17]])(
      'ignores a tracking of %j',
      async (tracking) => {
        const row = await registerWith(tracking);
        expect(row).toMatchObject({ s1: 'empty', landing: 1 });
      },
    );

    it('still refuses tracking fields at the top level of the body (strict body)', async () => {
      const res = await api.call('POST', '/api/register', { body: { ...newMember(), s1: 'fb' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.body).toEqual(['The s1 field is not allowed.']);
    });

    it('a registration refused for another field stores no tracking', async () => {
      const member = newMember({ tracking: { s1: 'refused' }, terms: false });
      expect((await api.call('POST', '/api/register', { body: member })).statusCode).toBe(422);
      const rows = await registrationsBySource(api.context.db, {
        siteId: api.context.defaultSite.id,
        by: 's1',
        since: new Date(Date.now() - 3600_000),
      });
      expect(rows.find((r) => r.source === 'refused')).toBeUndefined();
    });

    it('counts registrations per source, members without a row under the default', async () => {
      const since = new Date();
      await Promise.all([
        registerWith({ s1: 'report_a', aff: 'AFFX' }),
        registerWith({ s1: 'report_a', aff: 'AFFX' }),
        registerWith({ s1: 'report_b' }),
      ]);
      const siteId = api.context.defaultSite.id;
      const bySource = await registrationsBySource(api.context.db, { siteId, by: 's1', since });
      expect(bySource).toEqual([
        { source: 'report_a', registrations: 2, confirmed: 0 },
        { source: 'report_b', registrations: 1, confirmed: 0 },
      ]);
      const byAffiliate = await registrationsBySource(api.context.db, { siteId, by: 'affiliate', since });
      expect(byAffiliate).toEqual([
        { source: 'AFFX', registrations: 2, confirmed: 0 },
        { source: '(none)', registrations: 1, confirmed: 0 },
      ]);
      // A window that ends before them counts none of them.
      const before = await registrationsBySource(api.context.db, {
        siteId,
        by: 's1',
        since: new Date(0),
        until: since,
      });
      expect(before.find((r) => r.source.startsWith('report_'))).toBeUndefined();

      const table = await registrationsReport(api.context.db, siteId, [
        '--by',
        'affiliate',
        '--since',
        since.toISOString().slice(0, 10),
      ]);
      expect(table).toMatch(/^AFFX\s+2\s+0$/m);
      expect(await registrationsReport(api.context.db, siteId, ['--by', 'password_hash'])).toMatch(
        /^unknown --by/,
      );
      expect(await registrationsReport(api.context.db, siteId, ['--since', '1 Nov'])).toBe(
        'dates are YYYY-MM-DD',
      );
      expect(await registrationsReport(api.context.db, siteId, ['--nope', 'x'])).toBeNull();
    });
  });
}
