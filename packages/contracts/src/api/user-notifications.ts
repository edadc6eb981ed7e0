import { z } from 'zod';
import { pageOf } from './envelope';
import { userNotificationSchema } from './notification';

/**
 * `GET /api/user-notifications` (bearer): the member's notifications, newest first (by id).
 * List query: `page`, `limit` (default 15, at most 50), `sort` (`id`, `-id`; default `-id`),
 * `filter[after_id]={id}` (only ids above it: catching up after a reconnect),
 * `filter[unread]=1|0`. Answer `{ data: UserNotification[], meta: { current_page, last_page, per_page, total } }`.
 */
export { USER_NOTIFICATIONS_PAGE_SIZE } from './constants';
export const userNotificationListSchema = pageOf(userNotificationSchema);
export type UserNotificationList = z.infer<typeof userNotificationListSchema>;

/** `GET /api/notifications/count` (bearer): unread notifications. */
export const notificationCountResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });
export type NotificationCountResponse = z.infer<typeof notificationCountResponseSchema>;

/**
 * One notification:
 * - `PUT /api/user-notifications/{id}/read`: marks it read (idempotent; keeps the first read time).
 * - `PUT /api/user-notifications/{id}` (the model layer's save): body `{ read_at }`; a non-null
 *   `read_at` marks it read (the server's clock is used), `null` marks it unread again; other
 *   fields of the resource are ignored.
 * - `DELETE /api/user-notifications/{id}`: `{ message: 'Notification deleted' }`.
 * Another member's id, or one that does not exist: 404 `{ message: 'Not found.' }`.
 */
export const userNotificationResponseSchema = z.object({ data: userNotificationSchema });
export type UserNotificationResponse = z.infer<typeof userNotificationResponseSchema>;

export const userNotificationUpdateSchema = z.object({ read_at: z.string().nullable().optional() });
export type UserNotificationUpdate = z.infer<typeof userNotificationUpdateSchema>;

/** `POST /api/user-notifications/read-all` (bearer): `{ message, data: { updated } }`. */
export const readAllResponseSchema = z.object({
  message: z.string(),
  data: z.object({ updated: z.number().int() }),
});
export type ReadAllResponse = z.infer<typeof readAllResponseSchema>;

/**
 * `POST /api/user-notifications/{fromUserName}/mute` and
 * `DELETE /api/user-notifications/{fromUserName}/unmute` (bearer, idempotent): a muted member
 * creates no notifications for the muter (existing ones stay). Answer `{ message }` with the
 * SPEC §8 texts ("You won't receive notifications from {name} anymore." /
 * "Notifications from {name} are restored."). Unknown username or the member themself: 422
 * `{ message, errors: { from_user_name: [message] } }`; show `message` in the toast.
 */
export const muteResponseSchema = z.object({
  message: z.string(),
  data: z.object({ from_user_name: z.string(), muted: z.boolean() }),
});
export type MuteResponse = z.infer<typeof muteResponseSchema>;
