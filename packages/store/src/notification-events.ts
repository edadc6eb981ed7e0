import type { NotificationCreatedEvent, UserNotification } from '@ukd/contracts/api';
import { actionCreator } from './actions';

/** The member's counters as the server counted them when it stored a notification. */
export type MemberCounts = NotificationCreatedEvent['counts'];

/**
 * A notification reached the member: live (`popup` as their preferences say) or fetched after a
 * drop. One event, handled by every slice it concerns (the shell's list, the session's badges),
 * rather than one setter per slice (Redux style guide: model actions as events). `counts` comes
 * with live events only; a catch-up reloads the member instead.
 */
export const notificationReceived = actionCreator<{
  notification: UserNotification;
  popup: boolean;
  counts?: MemberCounts;
}>('notifications/received');
