import type { SiteSettings } from '@ukd/contracts/api';

/** `GET /api/settings` as the tests' site answers it: the configured support address, not a placeholder. */
export const testSettings: SiteSettings = {
  site_name: 'Flirtlane',
  maintenance: false,
  realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'ws' },
  captcha: { provider: 'test', recaptcha_site_key: '', turnstile_site_key: '' },
  support: {
    email: 'help@flirtlane.test',
    company_name: 'Flirtlane Ltd',
    company_address: 'Unit 12, Canal Wharf, 14 Water Lane, Leeds LS11 5PS, United Kingdom',
  },
  event: null,
  features: { muteUserNotifications: true, promoBadge: true },
  tags: { analytics_id: '', ads_id: '' },
};
