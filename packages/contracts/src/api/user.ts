import { z } from 'zod';

/** Per-member feature flags (SPEC §3). promoBadge: the member's A/B variant, or null when off. */
export const userFeaturesSchema = z.object({
  muteUserNotifications: z.boolean(),
  promoBadge: z.enum(['v1', 'v2']).nullable(),
});
export type UserFeatures = z.infer<typeof userFeaturesSchema>;

/** The current member, as `POST /api/me` answers it in `data` (SPEC §3 User). */
export const userSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  email: z.string(),
  email_confirmed: z.boolean(),
  gender: z.enum(['male', 'female']),
  city: z.string(),
  /** Roles of the token holder; `impersonated` is added during operator impersonation. */
  scope: z.array(z.string()),
  /** May be zero or negative; the site shows those as 0. */
  credits: z.number().int(),
  has_unli_message: z.boolean(),
  /** The approved primary photo, or the gender's default avatar. */
  primary_photo: z.object({ url: z.string() }),
  unread_messages_count: z.number().int(),
  new_visitors_count: z.number().int(),
  unread_favorites_count: z.number().int(),
  visits_count: z.number().int(),
  received_messages_count: z.number().int(),
  received_wink_interactions_count: z.number().int(),
  deactivated: z.boolean(),
  profile_complete: z.boolean(),
  choice: z.string().nullable(),
  /** Free-form member preferences, merged on update. */
  preferences: z.record(z.string(), z.unknown()),
  has_account_deletion_promo: z.boolean(),
  /** Remaining unlimited-messaging pass in seconds; null (absent pass) makes the client join the duration channel. */
  rv: z.number().int().nullable(),
  /** Active seasonal event, e.g. summer or halloween; null when none. */
  eventName: z.string().nullable(),
  features: userFeaturesSchema,
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ data: userSchema });
