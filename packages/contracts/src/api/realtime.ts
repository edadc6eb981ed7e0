import { z } from 'zod';
import { userNotificationSchema } from './notification';

export * from './constants';

/**
 * `notification.created` on `private-notifications.user.{uuid}`: the stored UserNotification
 * resource, exactly as `GET /api/user-notifications` lists it, published after it is stored.
 * Realtime gives no delivery guarantee: on (re)subscribe, fetch
 * `GET /api/user-notifications?filter[after_id]={last id seen}` and skip ids already shown.
 */
export const notificationCreatedEventSchema = userNotificationSchema.extend({
  /**
   * The recipient's counters right after this notification was stored. The server owns them: the
   * client sets its badges from these values (never by adding one), so a missed or repeated event
   * cannot leave a badge wrong.
   */
  counts: z.object({
    unread_messages_count: z.number().int(),
    new_visitors_count: z.number().int(),
    unread_favorites_count: z.number().int(),
  }),
});
export type NotificationCreatedEvent = z.infer<typeof notificationCreatedEventSchema>;

/** `CreditsEarned` on `private-credits.user.{uuid}`: the client emits CREDITS_EARNED and refetches the user. */
export const creditsEarnedEventSchema = z.object({
  /** Credits added by this event (may be 0 when only the balance is announced). */
  credits_earned: z.number().int(),
  /** The member's balance afterwards. */
  credits: z.number().int(),
  /** Why, for display or logs, e.g. `purchase`, `promotion`, `refund`. */
  reason: z.string(),
});
export type CreditsEarnedEvent = z.infer<typeof creditsEarnedEventSchema>;

/** `DurationUpdated` on `private-duration.user.{uuid}`: the unlimited-messaging pass changed. */
export const durationUpdatedEventSchema = z.object({
  has_unli_message: z.boolean(),
  /** ISO end of the pass, or null when none is active. */
  expires_at: z.string().nullable(),
});
export type DurationUpdatedEvent = z.infer<typeof durationUpdatedEventSchema>;

/** Pusher socket ids look like `123.456`. */
export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;

/**
 * `POST /api/broadcasting/auth` (bearer token; form-encoded as pusher-js sends it, or JSON).
 * Answers 200 `{ auth, channel_data? }`, 403 `{ message }` for a channel the member may not
 * join, 422 for a malformed socket id or channel name, 401 without a valid token.
 */
export const broadcastingAuthRequestSchema = z.object({
  socket_id: z.string().regex(SOCKET_ID_PATTERN),
  channel_name: z.string().min(1).max(200),
});
export type BroadcastingAuthRequest = z.infer<typeof broadcastingAuthRequestSchema>;

export const broadcastingAuthResponseSchema = z.object({
  /** `key:hex(HMAC_SHA256(secret, socket_id:channel_name[:channel_data]))`. */
  auth: z.string(),
  /** Presence channels only: the exact JSON string that was signed. */
  channel_data: z.string().optional(),
});
export type BroadcastingAuthResponse = z.infer<typeof broadcastingAuthResponseSchema>;

/** `channel_data` of `presence-online`, parsed: user_id is the member's uuid. */
export const onlinePresenceMemberSchema = z.object({
  user_id: z.string(),
  user_info: z.object({ username: z.string() }),
});
export type OnlinePresenceMember = z.infer<typeof onlinePresenceMemberSchema>;

/** `GET /api/onlines/count` (public): members in `presence-online` (SPEC §3 "data.online"). */
export const onlineCountResponseSchema = z.object({ data: z.object({ online: z.number().int() }) });
export type OnlineCountResponse = z.infer<typeof onlineCountResponseSchema>;
