import { siteSettingsResponseSchema } from '@ukd/contracts/api';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';

export function settingsRoutes(app: ApiApp, ctx: AppContext): void {
  app.get(
    '/settings',
    {
      config: { duringMaintenance: true },
      schema: {
        summary: "The site's boot settings (public; answered during maintenance too)",
        tags: ['site'],
        response: { 200: siteSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const settings = await ctx.sites.settings(request.site.id);
      const { realtime, captcha, support, tags } = ctx.options;
      reply.header('cache-control', 'no-store');
      return {
        data: {
          site_name: request.site.name,
          maintenance: settings.maintenance,
          realtime: { key: realtime.key, host: realtime.host, port: realtime.port, scheme: realtime.scheme },
          captcha: {
            provider: captcha.provider,
            recaptcha_site_key: captcha.recaptchaSiteKey,
            turnstile_site_key: captcha.turnstileSiteKey,
          },
          support: {
            email: support.email,
            company_name: support.companyName,
            company_address: support.companyAddress,
          },
          event: settings.event,
          features: settings.features,
          tags: { analytics_id: tags.analyticsId, ads_id: tags.adsId },
        },
      };
    },
  );
}
