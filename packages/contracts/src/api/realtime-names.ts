// Channel, event and page-size names without zod, so code that only needs the names (the shell's
// member chunk, remotes) does not download the schema library.

/**
 * Realtime channels (Pusher protocol names, prefix included). With laravel-echo, drop the
 * prefix: `echo.private('notifications.user.' + uuid)` subscribes to
 * `private-notifications.user.{uuid}`, `echo.join('online')` to `presence-online`.
 * Every channel is authorised by `POST /api/broadcasting/auth`: a member may join only their
 * own user channels, the conversations they take part in, and `presence-online`.
 */
export const realtimeChannels = {
  /** New user notifications of one member: event `notification.created`. */
  notifications: (userUuid: string) => `private-notifications.user.${userUuid}`,
  /** Credit balance changes of one member: event `CreditsEarned`. */
  credits: (userUuid: string) => `private-credits.user.${userUuid}`,
  /** Unlimited-messaging pass of one member (joined when `User.rv` is absent): event `DurationUpdated`. */
  duration: (userUuid: string) => `private-duration.user.${userUuid}`,
  /** One conversation, for its two participants (events defined by the messaging issue). */
  conversation: (conversationUuid: string) => `private-conversation.${conversationUuid}`,
  /** Who is online: every member joins it; `GET /api/onlines/count` reads its user count. */
  online: 'presence-online',
} as const;

/** The same channels as laravel-echo names them (`echo.private(name)` / `echo.join(name)`). */
export const echoChannels = {
  notifications: (userUuid: string) => `notifications.user.${userUuid}`,
  credits: (userUuid: string) => `credits.user.${userUuid}`,
  duration: (userUuid: string) => `duration.user.${userUuid}`,
  conversation: (conversationUuid: string) => `conversation.${conversationUuid}`,
  online: 'online',
} as const;

/**
 * Event names as published. Echo prefixes names with a namespace unless they start with a dot,
 * so listen with `.listen('.notification.created', …)` / `.listen('.CreditsEarned', …)`.
 */
export const REALTIME_EVENTS = {
  notificationCreated: 'notification.created',
  creditsEarned: 'CreditsEarned',
  durationUpdated: 'DurationUpdated',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** `GET /api/user-notifications` default page size. */
export const USER_NOTIFICATIONS_PAGE_SIZE = 15;
