import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from './test/harness';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`settings, maintenance, sites and docs (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver, {
        captcha: { recaptchaSiteKey: 'recaptcha-public', turnstileSiteKey: '' },
        realtime: { key: 'app-key', host: 'rt.example.test', port: 6001, scheme: 'wss' },
        support: { email: 'help@flirtlane.test', companyAddress: '1 Test Street, York YO1 7HH' },
      });
    });
    afterAll(async () => {
      await api?.close();
    });

    it('GET /api/settings gives the boot settings', async () => {
      const res = await api.call('GET', '/api/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          site_name: 'Flirtlane',
          maintenance: false,
          realtime: { key: 'app-key', host: 'rt.example.test', port: 6001, scheme: 'wss' },
          captcha: { provider: 'test', recaptcha_site_key: 'recaptcha-public', turnstile_site_key: '' },
          support: {
            email: 'help@flirtlane.test',
            company_name: 'Flirtlane Ltd',
            company_address: '1 Test Street, York YO1 7HH',
          },
          event: null,
          features: { muteUserNotifications: true, promoBadge: true },
          tags: { analytics_id: '', ads_id: '' },
        },
      });
      expect(res.headers['x-request-id']).toBeTruthy();
    });

    it('reflects the seasonal event and feature flags in settings and in the user', async () => {
      const site = api.context.defaultSite;
      await api.context.sites.set(site.id, 'event', 'halloween');
      await api.context.sites.set(site.id, 'features.promoBadge', false);
      try {
        const settings = (await api.call('GET', '/api/settings')).json().data;
        expect(settings.event).toBe('halloween');
        expect(settings.features.promoBadge).toBe(false);
        const member = await registerMember(api);
        const user = (await api.call('POST', '/api/me', { token: member.access_token })).json().data;
        expect(user.eventName).toBe('halloween');
        expect(user.features.promoBadge).toBeNull();
      } finally {
        await api.context.sites.unset(site.id, 'event');
        await api.context.sites.unset(site.id, 'features.promoBadge');
      }
    });

    it('maintenance answers 503 everywhere except GET /api/settings', async () => {
      const member = await registerMember(api);
      const site = api.context.defaultSite;
      await api.context.sites.set(site.id, 'maintenance', true);
      try {
        const settings = await api.call('GET', '/api/settings');
        expect(settings.statusCode).toBe(200);
        expect(settings.json().data.maintenance).toBe(true);
        for (const [method, url] of [
          ['POST', '/api/login'],
          ['POST', '/api/me'],
          ['POST', '/api/register'],
          ['POST', '/api/refresh'],
          ['GET', '/api/sessions'],
          ['GET', '/api/nope'],
        ] as const) {
          const res = await api.call(method, url, { token: member.access_token, body: { email: 'x' } });
          expect(res.statusCode, `${method} ${url}`).toBe(503);
          expect(res.json()).toEqual({ message: 'Service Unavailable' });
        }
        // Even malformed bodies: maintenance is decided before parsing.
        expect(
          (
            await api.call('POST', '/api/login', {
              body: '{bad',
              headers: { 'content-type': 'application/json' },
            })
          ).statusCode,
        ).toBe(503);
      } finally {
        await api.context.sites.set(site.id, 'maintenance', false);
      }
      expect((await api.call('POST', '/api/me', { token: member.access_token })).statusCode).toBe(200);
    });

    it('keeps sites apart: a token of one site is refused on another, emails are per site', async () => {
      const other = await api.context.sites.ensureSite('othersite-key01', 'Other Site');
      const member = await registerMember(api);
      const foreign = await api.call('POST', '/api/me', { token: member.access_token, siteKey: other.key });
      expect(foreign.statusCode).toBe(401);
      const settings = await api.call('GET', '/api/settings', { siteKey: other.key });
      expect(settings.json().data.site_name).toBe('Other Site');
      const login = await api.call('POST', '/api/login', {
        siteKey: other.key,
        body: { email: member.email, password: member.password },
      });
      expect(login.statusCode).toBe(422);
    });

    it('serves an OpenAPI document generated from the route schemas', async () => {
      const res = await api.call('GET', '/api/docs', { siteKey: null });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      for (const path of [
        '/api/register',
        '/api/login',
        '/api/me',
        '/api/refresh',
        '/api/logout',
        '/api/settings',
        '/api/payment/auth/{custom1}',
      ]) {
        expect(Object.keys(doc.paths)).toContain(path);
      }
      expect(
        doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
      ).toHaveProperty('email');
    });

    it('documents the bearer token on member routes only (the member scope marks them)', async () => {
      const doc = (await api.call('GET', '/api/docs', { siteKey: null })).json();
      const bearer = [{ bearerAuth: [] }];
      expect(doc.paths['/api/me'].post.security).toEqual(bearer);
      expect(doc.paths['/api/logout'].post.security).toEqual(bearer);
      expect(doc.paths['/api/user-conversations'].get.security).toEqual(bearer);
      expect(doc.paths['/api/broadcasting/auth'].post.security).toEqual(bearer);
      expect(doc.paths['/api/login'].post.security).toBeUndefined();
      expect(doc.paths['/api/settings'].get.security).toBeUndefined();
      expect(doc.paths['/api/onlines/count'].get.security).toBeUndefined();
    });
  });
}
