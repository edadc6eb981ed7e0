import { z } from 'zod';
import { AFFILIATE_PROMOTION_CHANNELS, TRACKING_RULES } from './acquisition-rules';

export * from './acquisition-rules';

/** A tracking value that keeps its rule, or nothing: a bad value is dropped, never a 422. */
const kept = (rule: RegExp) => z.string().trim().regex(rule).optional().catch(undefined);

/**
 * The `tracking` object of `POST /api/register`. Lenient by design: a wrong type, an oversized
 * or odd value, an array or an unknown key is dropped and the registration goes on.
 */
export const registrationTrackingSchema = z
  .object({
    s1: kept(TRACKING_RULES.source),
    s2: kept(TRACKING_RULES.source),
    s3: kept(TRACKING_RULES.source),
    s4: kept(TRACKING_RULES.source),
    s5: kept(TRACKING_RULES.source),
    gclid: kept(TRACKING_RULES.gclid),
    tracking_id: kept(TRACKING_RULES.code),
    aff: kept(TRACKING_RULES.code),
    landing: z
      .union([z.number().int(), z.string().regex(TRACKING_RULES.landing).transform(Number)])
      .refine((n) => n >= 1 && n <= 9999)
      .optional()
      .catch(undefined),
    landing_path: kept(TRACKING_RULES.path),
  })
  .catch({});

/** `POST /api/affiliate-applications`: a partner applies to the affiliate programme. */
export const affiliateApplicationRequestSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** Where the partner will promote us: their site or main profile (http or https). */
  website: z.string(),
  channel: z.enum(AFFILIATE_PROMOTION_CHANNELS),
  /** How they will promote us and to whom. */
  message: z.string(),
  terms: z.boolean(),
  /** The captcha provider's token (`CAPTCHA`). */
  captcha: z.string(),
});
export type AffiliateApplicationRequest = z.infer<typeof affiliateApplicationRequestSchema>;

export const affiliateApplicationResponseSchema = z.object({
  data: z.object({ reference: z.string(), message: z.string() }),
});
export type AffiliateApplicationResponse = z.infer<typeof affiliateApplicationResponseSchema>;
