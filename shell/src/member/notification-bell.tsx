import { isApiError } from '@ukd/api-client';
import type { UserNotification } from '@ukd/contracts/api';
import { selectSettings, selectUser } from '@ukd/store';
import { EmptyState, relativeTime, useNow } from '@ukd/ui';
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { useShellServices } from '../session/shell-services';
import type { ClickTracker } from './click-tracking';
import { notificationsApi } from './member-session';
import {
  allRead,
  notificationTarget,
  notificationText,
  oneRead,
  removed,
  selectCurrentPage,
  selectHasMore,
  selectNotifications,
  selectUnreadNotifications,
} from './notifications-slice';

/** SPEC §2/§4 notification bell: opening marks all read; items open their page; delete and mute. */
export function NotificationBell({ track }: { track: ClickTracker }) {
  const { api, toaster } = useShellServices();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useSelector(selectNotifications);
  const unread = useSelector(selectUnreadNotifications);
  const hasMore = useSelector(selectHasMore);
  const currentPage = useSelector(selectCurrentPage);
  const canMute = useSelector(selectUser)?.features.muteUserNotifications ?? false;
  const siteAllowsMute = useSelector(selectSettings)?.features.muteUserNotifications ?? true;
  const [open, setOpen] = useState(false);
  const now = useNow();
  const notifications = notificationsApi(api, dispatch);
  const openedOn = useRef(pathname);

  // On phones the panel closes when the route changes (SPEC §2).
  useEffect(() => {
    if (open && pathname !== openedOn.current) setOpen(false);
  }, [open, pathname]);

  async function toggle() {
    const next = !open;
    setOpen(next);
    track({ section_type: 'notification', button_type: 'bell_btn', status: next ? 'opened' : 'closed' });
    if (!next) return;
    openedOn.current = pathname;
    if (currentPage === 0) await notifications.loadPage(1).catch(() => undefined);
    if (unread > 0) {
      await api('/user-notifications/read-all', { method: 'POST' }).catch(() => undefined);
      dispatch(allRead(new Date().toISOString()));
    }
  }

  async function openItem(notification: UserNotification) {
    if (!notification.read_at) {
      dispatch(oneRead({ id: notification.id, at: new Date().toISOString() }));
      void api(`/user-notifications/${notification.id}/read`, { method: 'PUT' }).catch(() => undefined);
    }
    setOpen(false);
    navigate(notificationTarget(notification));
  }

  async function remove(notification: UserNotification) {
    try {
      await api(`/user-notifications/${notification.id}`, { method: 'DELETE' });
      dispatch(removed(notification.id));
      toaster.show({ type: 'success', message: 'Notification deleted', durationMs: 2000 });
    } catch (error) {
      toaster.show({ type: 'error', message: error instanceof Error ? error.message : 'Failed to delete' });
    }
  }

  async function mute(name: string) {
    const path = `/user-notifications/${encodeURIComponent(name)}`;
    try {
      await api(`${path}/mute`, { method: 'POST' });
    } catch (error) {
      const message =
        isApiError(error) && error.status === 422 ? error.message : 'Failed to mute notifications.';
      toaster.show({ type: 'error', message, durationMs: 1500 });
      return;
    }
    toaster.show({
      type: 'info',
      message: `You won't receive notifications from ${name} anymore.`,
      durationMs: 10_000,
      action: {
        label: 'Undo',
        onClick: () => {
          api(`${path}/unmute`, { method: 'DELETE' }).then(
            () => toaster.show({ type: 'success', message: `Notifications from ${name} are restored.` }),
            () => toaster.show({ type: 'error', message: 'Failed to undo mute.', durationMs: 1500 }),
          );
        },
      },
    });
  }

  return (
    <div className="shell-bell">
      <button
        type="button"
        className="shell-icon-button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 && <span className="shell-badge">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && (
        <section className="shell-bell__panel" aria-label="Notifications">
          {items.length === 0 ? (
            <EmptyState
              title="All Clear"
              art="notifications"
              action={
                <Link to="/dashboard" className="ukd-button ukd-button--secondary">
                  Browse members
                </Link>
              }
            >
              Visits, likes, winks and favourites from other members show up here.
            </EmptyState>
          ) : (
            <ul className="shell-bell__list">
              {items.map((notification) => (
                <li key={notification.id} className={notification.read_at ? '' : 'shell-bell__unread'}>
                  <button type="button" className="shell-bell__item" onClick={() => openItem(notification)}>
                    <img src={notification.data.image} alt="" width="40" height="40" />
                    <span>
                      {notificationText(notification)}
                      <br />
                      <small>{relativeTime(notification.data.timestamp, now)}</small>
                    </span>
                  </button>
                  <span className="shell-bell__tools">
                    {canMute && siteAllowsMute && (
                      <button type="button" onClick={() => mute(notification.data.from_user_name)}>
                        Mute
                      </button>
                    )}
                    <button
                      type="button"
                      aria-label={`Delete: ${notificationText(notification)}`}
                      onClick={() => remove(notification)}
                    >
                      Delete
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {hasMore && (
            <button
              type="button"
              className="ukd-button ukd-button--secondary shell-bell__more"
              onClick={() => notifications.loadPage(currentPage + 1)}
            >
              Load More
            </button>
          )}
        </section>
      )}
    </div>
  );
}
