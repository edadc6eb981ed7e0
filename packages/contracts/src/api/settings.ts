import { z } from 'zod';
import { CAPTCHA_PROVIDERS } from './constants';

/** `GET /api/settings` (public): what the shell needs at boot. */
export const siteSettingsSchema = z.object({
  site_name: z.string(),
  maintenance: z.boolean(),
  realtime: z.object({
    key: z.string(),
    host: z.string(),
    port: z.number().int(),
    scheme: z.enum(['ws', 'wss']),
  }),
  /** The provider protecting sign-up and support forms, and its site keys (empty: not configured). */
  captcha: z.object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    recaptcha_site_key: z.string(),
    turnstile_site_key: z.string(),
  }),
  /** Who runs the site and how to reach them (`SUPPORT_EMAIL`, `COMPANY_NAME`, `COMPANY_ADDRESS`). */
  support: z.object({ email: z.string(), company_name: z.string(), company_address: z.string() }),
  /** Active seasonal event name (solstice, summer, valentines, xmas, patricks, easter, halloween, black-friday, cyber-monday) or null. */
  event: z.string().nullable(),
  features: z.object({ muteUserNotifications: z.boolean(), promoBadge: z.boolean() }),
  /**
   * Third-party tags (SPEC §7: analytics and a search-ads tracker), loaded only after the
   * visitor consents to that category. Empty string: not configured.
   */
  tags: z.object({ analytics_id: z.string(), ads_id: z.string() }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = z.object({ data: siteSettingsSchema });
