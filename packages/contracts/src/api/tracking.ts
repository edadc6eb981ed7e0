import { z } from 'zod';

/**
 * Analytics events the member chrome sends (SPEC §3, §7). All need the bearer token, answer
 * 204 with no body when stored, 422 for bad values and 429 when one member sends more than
 * TRACKING_EVENTS_PER_MINUTE of one kind in a minute. Clients only log tracking errors.
 */
export const TRACKING_EVENTS_PER_MINUTE = 60;

/** `POST /api/user-track-clicks`: bell and menu opened/closed (client throttle: 1 per second). */
export const TRACK_CLICK_SECTION_TYPES = ['foldout', 'notification', 'popup', 'hamburger_menu'] as const;
export const TRACK_CLICK_BUTTON_TYPES = ['bell_btn', 'menu_btn', 'no_btn', 'close_btn'] as const;
export const TRACK_CLICK_STATUSES = ['opened', 'closed'] as const;
export const trackClickSchema = z.object({
  section_type: z.enum(TRACK_CLICK_SECTION_TYPES),
  button_type: z.enum(TRACK_CLICK_BUTTON_TYPES),
  /** For the bell and the menu. */
  status: z.enum(TRACK_CLICK_STATUSES).optional(),
});
export type TrackClick = z.infer<typeof trackClickSchema>;

/** `POST /api/site-popups`: a notification popup was shown or clicked. */
export const SITE_POPUP_ACTION_TYPES = ['IMPRESSION', 'CLICKED'] as const;
export const sitePopupEventSchema = z.object({
  /** The member the popup is about (the notification's from_user_uuid); absent for a seasonal offer. */
  profile_user_uuid: z.string().optional(),
  /** The notification's action_type, e.g. PROFILE_VIEW, or the seasonal event of an offer popup, e.g. halloween. */
  notification_type: z.string().max(64),
  action_type: z.enum(SITE_POPUP_ACTION_TYPES),
});
export type SitePopupEvent = z.infer<typeof sitePopupEventSchema>;

/** `POST /api/ab-test-events`: promo badge variant seen (2 s on /dashboard) or clicked. */
export const AB_TEST_TYPES = ['promo_badge'] as const;
export const AB_TEST_GROUPS = ['v1', 'v2'] as const;
export const AB_TEST_VALUES = ['viewed', 'clicked'] as const;
export const abTestEventSchema = z.object({
  ab_test_type: z.enum(AB_TEST_TYPES),
  group: z.enum(AB_TEST_GROUPS),
  value: z.enum(AB_TEST_VALUES),
});
export type AbTestEvent = z.infer<typeof abTestEventSchema>;

/**
 * `POST /api/push-notification-clicks?x=28&t=1`: a desktop notification was clicked.
 * `x`: the campaign / source number (28 for the site's own notifications); `t`: 1 for a message
 * or favourite, 2 for a wink. No body.
 */
export const PUSH_CLICK_TYPES = { messageOrFavorite: 1, wink: 2 } as const;
export const PUSH_CLICK_SOURCE = 28;
export const pushNotificationClickQuerySchema = z.object({
  x: z.coerce.number().int().min(1).max(1_000_000),
  t: z.coerce.number().int().min(1).max(2),
});
export type PushNotificationClickQuery = z.infer<typeof pushNotificationClickQuerySchema>;
