import { z } from 'zod';
import { userNotificationSchema } from './notification';
import { photoSchema } from './photo';
import { myProfileSchema } from './profile';
import { ticketSchema } from './support';

export * from './options';

/**
 * `PUT /api/account/email`: the current password and the new address. The address changes only
 * when the member follows the link mailed to the new address (`/confirm-email?token=…`, posted to
 * `POST /api/confirm-email` as usual); the old address is told. Answers `{ message }`.
 */
export const changeEmailRequestSchema = z.object({ email: z.string(), password: z.string() });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/**
 * `PUT /api/account/password`: `current_password`, `password` (8+, not a common password),
 * `password_confirmation`. Every other session ends; the current one stays. Answers `{ message }`.
 */
export const changePasswordRequestSchema = z.object({
  current_password: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

const exportedMember = z.object({ uuid: z.string(), username: z.string() });
const exportedInteraction = z.object({ member: exportedMember, created_at: z.string() });

/**
 * `GET /api/account/export` (UK GDPR access / portability): everything held about the member,
 * as a JSON download. Sections are keyed by name so later issues add theirs (`conversations`
 * is filled by messaging; until then an empty list).
 */
export const accountExportSchema = z.object({
  format: z.literal('flirtlane-export/1'),
  exported_at: z.string(),
  account: z.object({
    uuid: z.string(),
    username: z.string(),
    email: z.string(),
    email_confirmed: z.boolean(),
    gender: z.enum(['male', 'female']),
    date_of_birth: z.string(),
    city: z.string(),
    credits: z.number().int(),
    created_at: z.string(),
    deactivated: z.boolean(),
  }),
  profile: myProfileSchema,
  photos: z.array(photoSchema),
  sessions: z.array(
    z.object({ device_id: z.string().nullable(), ip: z.string().nullable(), created_at: z.string() }),
  ),
  visits_made: z.array(exportedInteraction),
  visits_received: z.array(exportedInteraction),
  likes_given: z.array(exportedInteraction),
  favorites_given: z.array(exportedInteraction),
  winks_given: z.array(exportedInteraction),
  blocks: z.array(exportedInteraction),
  reports_made: z.array(
    z.object({
      member: exportedMember,
      reason: z.string(),
      details: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  notifications: z.array(userNotificationSchema),
  conversations: z.array(z.unknown()),
  /** Help requests the member sent while signed in. */
  support_requests: z.array(ticketSchema),
  /** Where the member came from when they registered (SPEC §3 tracking values); null if not recorded. */
  acquisition: z
    .object({
      s1: z.string(),
      s2: z.string(),
      s3: z.string(),
      s4: z.string(),
      s5: z.string(),
      gclid: z.string().nullable(),
      tracking_id: z.string().nullable(),
      landing: z.number().int(),
      affiliate: z.string().nullable(),
      landing_path: z.string().nullable(),
    })
    .nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
