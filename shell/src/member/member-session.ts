import type { Dispatch } from '@reduxjs/toolkit';
import {
  type ApiRequest,
  type EventBus,
  notificationPreferences,
  prefers,
  type SessionControl,
} from '@ukd/contracts';
import type {
  CreditsEarnedEvent,
  NotificationCountResponse,
  NotificationCreatedEvent,
  User,
  UserNotificationList,
} from '@ukd/contracts/api';
import { echoChannels, REALTIME_EVENTS, USER_NOTIFICATIONS_PAGE_SIZE } from '@ukd/contracts/api/constants';
import type { Realtime } from '@ukd/realtime';
import { notificationReceived } from '@ukd/store';
import { onlineNow } from '../chrome/online-now';
import type { DesktopNotifier } from './desktop-notifications';
import { isOpenConversation, notificationText, pageLoaded, unreadCountSet } from './notifications-slice';

export interface MemberSessionDeps {
  api: ApiRequest;
  realtime: Pick<Realtime, 'owned' | 'join' | 'disconnect'>;
  dispatch: Dispatch;
  bus: EventBus;
  session: SessionControl;
  desktop: DesktopNotifier;
  lastSeenId(): number;
  /** The member's current preferences (they may change during the session). */
  preferences(): Record<string, unknown> | undefined;
  /** The page the member is on, so a message for the conversation already open pops up nothing. */
  currentPath(): string;
}

/**
 * Fetching notifications and their count, shared by the session and the bell. The session's
 * calls are `background`: the member did not ask, so no progress bar and no form errors cleared.
 */
export function notificationsApi(api: ApiRequest, dispatch: Dispatch, background = false) {
  return {
    async loadPage(page: number) {
      const list = await api<UserNotificationList>('/user-notifications', {
        query: { page, limit: USER_NOTIFICATIONS_PAGE_SIZE },
        background,
      });
      dispatch(
        pageLoaded({ items: list.data, currentPage: list.meta.current_page, lastPage: list.meta.last_page }),
      );
    },
    async refreshCount() {
      const { data } = await api<NotificationCountResponse>('/notifications/count', { background });
      dispatch(unreadCountSet(data.count));
    },
  };
}

/**
 * What a logged-in member's page keeps live: their notification channel (popups, counts, the
 * bell), credits and pass events, and presence in `online`. Realtime can drop events, so after
 * every (re)subscription and when the tab comes back, what was missed is fetched by id.
 * Returns the function that ends it all (logout).
 */
export function startMemberSession(user: User, deps: MemberSessionDeps): () => void {
  const { api, realtime, dispatch, bus, session, desktop } = deps;
  const notifications = notificationsApi(api, dispatch, true);
  const shell = realtime.owned('shell');
  const disposers: Array<() => void> = [];

  async function catchUp() {
    const after = deps.lastSeenId();
    if (!after) return notifications.loadPage(1);
    const missed = await api<UserNotificationList>('/user-notifications', {
      query: { 'filter[after_id]': after, sort: 'id', limit: 50 },
      background: true,
    });
    for (const notification of missed.data) dispatch(notificationReceived({ notification, popup: false }));
    // Missed messages and visits changed the member's counts (the unread badge): fetch them again.
    if (missed.data.length) await session.reloadUser({ background: true });
  }

  function onNotification(payload: unknown) {
    const { counts, ...notification } = payload as NotificationCreatedEvent;
    const { data } = notification;
    const preferences = deps.preferences();
    // One event: the list, the popup and the badges (the server's counts) all follow from it.
    dispatch(
      notificationReceived({
        notification,
        popup:
          prefers(preferences, notificationPreferences.popups) &&
          !isOpenConversation(notification, deps.currentPath()),
        ...(counts && { counts }),
      }),
    );
    bus.emit('notifications:new', {
      id: notification.id,
      action_type: data.action_type,
      from_user_uuid: data.from_user_uuid,
    });
    if (prefers(preferences, notificationPreferences.desktop)) {
      desktop.notify(notificationText(notification), data.image, notification);
    }
    // SPEC §4: the list goes back to page 1, is fetched again, and the unread count refreshed.
    void notifications.loadPage(1).catch(() => undefined);
    void notifications.refreshCount().catch(() => undefined);
  }

  const refresh = () => {
    void catchUp().catch(() => undefined);
    void notifications.refreshCount().catch(() => undefined);
  };

  disposers.push(
    shell.subscribe(
      echoChannels.notifications(user.uuid),
      REALTIME_EVENTS.notificationCreated,
      onNotification,
      {
        onSubscribed: refresh,
      },
    ),
    shell.subscribe(echoChannels.credits(user.uuid), REALTIME_EVENTS.creditsEarned, (payload) => {
      const event = payload as CreditsEarnedEvent;
      bus.emit('CREDITS_EARNED', {
        credits: event.credits,
        credits_earned: event.credits_earned,
        reason: event.reason,
      });
      void session.reloadUser({ background: true }).catch(() => undefined);
    }),
    realtime.join(echoChannels.online, (members) => onlineNow.setLive(members)),
    () => onlineNow.setLive(null),
    shell.onReconnect(() => {
      refresh();
      void session.reloadUser({ background: true }).catch(() => undefined);
    }),
  );
  // SPEC §3: without `rv` the member's pass is followed on the duration channel.
  if (user.rv === null) {
    disposers.push(
      shell.subscribe(echoChannels.duration(user.uuid), REALTIME_EVENTS.durationUpdated, () => {
        void session.reloadUser({ background: true }).catch(() => undefined);
      }),
    );
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  disposers.push(() => document.removeEventListener('visibilitychange', onVisible));

  return () => {
    for (const dispose of disposers) dispose();
    realtime.disconnect();
  };
}
