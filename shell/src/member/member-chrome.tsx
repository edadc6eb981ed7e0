import type { UserNotification } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { Slot } from '../remotes/slot';
import { useShellServices } from '../session/shell-services';
import { createClickTracker } from './click-tracking';
import { createDesktopNotifier, pushClickQuery } from './desktop-notifications';
import { Foldout } from './foldout';
import { Balance } from './member-nav';
import { startMemberSession } from './member-session';
import { NotificationBell } from './notification-bell';
import { NotificationPopups } from './notification-popups';
import {
  type NotificationsState,
  notificationsSlice,
  notificationTarget,
  selectLastSeenId,
} from './notifications-slice';

/** The chunk's store slice; the shell injects it as the chunk arrives, before anything renders. */
export { notificationsSlice };

/**
 * The live part of a member's top bar, loaded only once someone logs in: the bell, the messages
 * icon with its unread badge, popups, and the realtime session behind them.
 */
export default function MemberChrome() {
  const services = useShellServices();
  const { api, session, realtime, bus } = services;
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const store = useStore();
  const navigate = useNavigate();
  const track = useMemo(() => createClickTracker(api.request), [api]);

  const uuid = user?.uuid;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one realtime session per member, not per user update
  useEffect(() => {
    if (!user) return;
    const desktop = createDesktopNotifier(
      (notification: UserNotification) =>
        navigate(
          notification.data.action_type === 'MESSAGE_RECEIVED'
            ? `/message/${notification.data.message?.conversation.uuid ?? ''}`
            : notificationTarget(notification),
        ),
      (notification) =>
        api
          .request('/push-notification-clicks', { method: 'POST', query: pushClickQuery(notification) })
          .catch((error: unknown) => console.warn('push click tracking failed', error)),
    );
    let stop: (() => void) | undefined;
    let ended = false;
    void realtime.instance().then((connection) => {
      if (ended) return;
      stop = startMemberSession(user, {
        api: api.request,
        realtime: connection,
        dispatch,
        bus,
        session,
        desktop,
        lastSeenId: () => selectLastSeenId(store.getState() as { 'shell/notifications': NotificationsState }),
        preferences: () => selectUser(store.getState() as never)?.preferences,
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [uuid]);

  if (!user) return null;
  const unreadMessages = user.unread_messages_count;
  return (
    <>
      <SiteLink
        to="/messages"
        className="shell-icon-button"
        aria-label={unreadMessages ? `Messages, ${unreadMessages} unread` : 'Messages'}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" fill="currentColor" />
        </svg>
        {unreadMessages > 0 && (
          <span className="shell-badge">{unreadMessages > 99 ? '99+' : unreadMessages}</span>
        )}
      </SiteLink>
      <NotificationBell track={track} />
      <Balance />
      <Slot name="top-bar-promo" />
      <SiteLink to="/credits/buy" className="ukd-button ukd-button--primary shell-buy-credits">
        Buy credits
      </SiteLink>
      <Foldout track={track} />
      <NotificationPopups />
    </>
  );
}
