import { z } from 'zod';

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
  /** Empty string: that captcha is disabled. */
  captcha: z.object({ recaptcha_site_key: z.string(), turnstile_site_key: z.string() }),
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
