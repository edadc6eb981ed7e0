import { configureStore } from '@reduxjs/toolkit';
import type { UserNotification } from '@ukd/contracts/api';
import { notificationReceived } from '@ukd/store';
import { describe, expect, it } from 'vitest';
import {
  allRead,
  notificationsSlice,
  notificationTarget,
  pageLoaded,
  popupDismissed,
  removed,
  selectHasMore,
  unreadCountSet,
} from './notifications-slice';

function notification(
  id: number,
  action_type: UserNotification['data']['action_type'],
  extra = {},
): UserNotification {
  return {
    id,
    read_at: null,
    created_at: '2026-11-21T10:00:00Z',
    data: {
      action_type,
      image: '/api/avatars/default-female.svg',
      timestamp: '2026-11-21T10:00:00Z',
      from_user_name: 'sam',
      from_user_uuid: 'sam-uuid',
      ...extra,
    },
  };
}

const store = () =>
  configureStore({ reducer: { [notificationsSlice.reducerPath]: notificationsSlice.reducer } });
const state = (s: ReturnType<typeof store>) => s.getState()['shell/notifications'];

describe('notifications (SPEC §4)', () => {
  it('merges pages by id and loads more while current_page < last_page', () => {
    const s = store();
    s.dispatch(
      pageLoaded({
        items: [notification(5, 'USER_LIKE'), notification(4, 'USER_LIKE')],
        currentPage: 1,
        lastPage: 2,
      }),
    );
    expect(selectHasMore({ 'shell/notifications': state(s) })).toBe(true);
    s.dispatch(
      pageLoaded({
        items: [notification(4, 'USER_LIKE'), notification(3, 'USER_LIKE')],
        currentPage: 2,
        lastPage: 2,
      }),
    );
    expect(state(s).items.map((n) => n.id)).toEqual([5, 4, 3]);
    expect(selectHasMore({ 'shell/notifications': state(s) })).toBe(false);
    s.dispatch(pageLoaded({ items: [notification(6, 'USER_LIKE')], currentPage: 1, lastPage: 1 }));
    expect(state(s).items.map((n) => n.id)).toEqual([6]);
  });

  it('pops up only the four shown types, skips duplicates, and drops a message of an unknown type', () => {
    const s = store();
    const receive = (n: UserNotification) =>
      s.dispatch(notificationReceived({ notification: n, popup: true }));
    receive(notification(1, 'PROFILE_VIEW', { viewer: { username: 'sam', uuid: 'sam-uuid' } }));
    receive(notification(1, 'PROFILE_VIEW'));
    receive(notification(2, 'PROFILE_WINK'));
    receive(
      notification(3, 'MESSAGE_RECEIVED', {
        message: { type: 'like', from: { username: 'sam', uuid: 'x' }, conversation: { uuid: 'c' } },
      }),
    );
    receive(
      notification(4, 'MESSAGE_RECEIVED', {
        message: { type: 'text', from: { username: 'sam', uuid: 'x' }, conversation: { uuid: 'c9' } },
      }),
    );
    expect(state(s).popups.map((n) => n.id)).toEqual([4, 1]);
    expect(state(s).items.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    s.dispatch(popupDismissed(4));
    expect(state(s).popups.map((n) => n.id)).toEqual([1]);
    // Caught-up notifications join the list without popping up.
    s.dispatch(notificationReceived({ notification: notification(7, 'USER_LIKE'), popup: false }));
    expect(state(s).popups.map((n) => n.id)).toEqual([1]);
    expect(state(s).lastSeenId).toBe(7);
  });

  it('marks all read, and keeps the unread count right when deleting', () => {
    const s = store();
    s.dispatch(
      pageLoaded({
        items: [notification(2, 'USER_LIKE'), notification(1, 'USER_LIKE')],
        currentPage: 1,
        lastPage: 1,
      }),
    );
    s.dispatch(unreadCountSet(2));
    s.dispatch(removed(2));
    expect(state(s).unreadCount).toBe(1);
    s.dispatch(allRead('2026-11-21T11:00:00Z'));
    expect(state(s).unreadCount).toBe(0);
    expect(state(s).items[0]?.read_at).toBe('2026-11-21T11:00:00Z');
  });

  it('opens the right page for each type', () => {
    expect(
      notificationTarget(
        notification(1, 'MESSAGE_RECEIVED', {
          message: { type: 'text', from: { username: 'a', uuid: 'a' }, conversation: { uuid: 'conv-1' } },
        }),
      ),
    ).toBe('/messages/conv-1');
    expect(
      notificationTarget(notification(1, 'PROFILE_VIEW', { viewer: { username: 'v', uuid: 'viewer-1' } })),
    ).toBe('/profile/viewer-1');
    expect(
      notificationTarget(notification(1, 'USER_LIKE', { liker: { username: 'l', uuid: 'liker-1' } })),
    ).toBe('/profile/liker-1');
    expect(notificationTarget(notification(1, 'USER_FAVORITE'))).toBe('/profile/sam-uuid');
  });
});
