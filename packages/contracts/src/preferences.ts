/**
 * Member preferences the site honours, stored in the member's `preferences` (merged on update).
 * Each is on unless the member switched it off.
 */
export const notificationPreferences = {
  /** New notifications pop up on the page (SPEC §4). */
  popups: 'notification_popups',
  /** Desktop notifications while the tab is hidden (SPEC §4). */
  desktop: 'desktop_notifications',
} as const;

export type NotificationPreference = (typeof notificationPreferences)[keyof typeof notificationPreferences];

export function prefers(
  preferences: Record<string, unknown> | undefined,
  key: NotificationPreference,
): boolean {
  return preferences?.[key] !== false;
}

/** Chat choices remembered with the member (so a new device or a logout does not forget them). */
export const chatPreferences = {
  /** The member confirmed once that a wink spends credits; later winks send at one tap. */
  winkConfirmed: 'wink_confirmed',
} as const;

export function hasConfirmedWinks(preferences: Record<string, unknown> | undefined): boolean {
  return preferences?.[chatPreferences.winkConfirmed] === true;
}
