import { z } from 'zod';

/** SPEC §3 action types of a user notification. */
export const NOTIFICATION_ACTION_TYPES = [
  'MESSAGE_RECEIVED',
  'PROFILE_VIEW',
  'USER_LIKE',
  'USER_FAVORITE',
  'PROFILE_WINK',
] as const;
export const notificationActionTypeSchema = z.enum(NOTIFICATION_ACTION_TYPES);
export type NotificationActionType = z.infer<typeof notificationActionTypeSchema>;

const memberRef = z.object({ username: z.string(), uuid: z.string() });
export type MemberRef = z.infer<typeof memberRef>;

/**
 * `data` of a notification (SPEC §3). Always: action_type, image (the sender's approved primary
 * photo or default avatar), timestamp (ISO), from_user_name, from_user_uuid. Views carry
 * `viewer`, likes `liker`, favourites `favoriter`, winks `winker`; message notifications
 * (messaging issue) carry `message`.
 */
export const notificationDataSchema = z.object({
  action_type: notificationActionTypeSchema,
  image: z.string(),
  timestamp: z.string(),
  from_user_name: z.string(),
  from_user_uuid: z.string(),
  viewer: memberRef.optional(),
  liker: memberRef.optional(),
  favoriter: memberRef.optional(),
  winker: memberRef.optional(),
  message: z
    .object({
      type: z.string(),
      from: memberRef,
      conversation: z.object({ uuid: z.string() }),
    })
    .optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** Resource `user-notifications`: unread while `read_at` is null. */
export const userNotificationSchema = z.object({
  /** Server id, increasing: a client that missed realtime events fetches those above its last id. */
  id: z.number().int(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: notificationDataSchema,
});
export type UserNotification = z.infer<typeof userNotificationSchema>;
