import type { ShellContext } from '@ukd/contracts';
import type { User, UserNotification } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { afterPageWork, type PageWork } from '../chrome/page-work';
import type { DeferredRealtime } from '../session/deferred-realtime';
import { createDesktopNotifier, pushClickQuery } from './desktop-notifications';
import { startMemberSession } from './member-session';
import {
  type NotificationsState,
  notificationsSlice,
  notificationTarget,
  selectLastSeenId,
} from './notifications-slice';

export type MemberShell = Pick<
  ShellContext,
  'api' | 'bus' | 'session' | 'store' | 'injectSlice' | 'navigate'
>;

/**
 * Starts what a logged-in member's page keeps live (see `startMemberSession`) from the shell's
 * services. Its code is members-only, so the session service imports it when a member logs in;
 * the notifications slice joins the store first, outside React's render (#177). The connection
 * and the notification calls wait for the page's own calls and code (`afterPageWork`): on a
 * phone, pusher-js, its channel authorisations and the badge counts were loading beside the
 * page's data, before its largest paint. A page that subscribes itself (a conversation) opens the
 * connection at once; what it missed meanwhile its catch-up after subscribing fetches.
 */
export async function startMember(
  user: User,
  shell: MemberShell,
  realtime: DeferredRealtime,
  pageWork: PageWork,
): Promise<() => void> {
  const { api, store } = shell;
  shell.injectSlice(notificationsSlice);
  await new Promise<void>((resolve) => afterPageWork(pageWork, resolve));
  const connection = await realtime.instance();
  const desktop = createDesktopNotifier(
    (notification: UserNotification) =>
      shell.navigate(
        notification.data.action_type === 'MESSAGE_RECEIVED'
          ? `/message/${notification.data.message?.conversation.uuid ?? ''}`
          : notificationTarget(notification),
      ),
    (notification) =>
      api('/push-notification-clicks', { method: 'POST', query: pushClickQuery(notification) }).catch(
        (error: unknown) => console.warn('push click tracking failed', error),
      ),
  );
  return startMemberSession(user, {
    api,
    realtime: connection,
    dispatch: store.dispatch,
    bus: shell.bus,
    session: shell.session,
    desktop,
    lastSeenId: () => selectLastSeenId(store.getState() as { 'shell/notifications': NotificationsState }),
    preferences: () => selectUser(store.getState() as never)?.preferences,
    currentPath: () => window.location.pathname,
  });
}
