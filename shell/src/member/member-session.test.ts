// @vitest-environment happy-dom
import { configureStore } from '@reduxjs/toolkit';
import type { User, UserNotification } from '@ukd/contracts/api';
import type { Realtime } from '@ukd/realtime';
import { createEventBus, notificationReceived, sessionSlice, userLoaded } from '@ukd/store';
import { describe, expect, it, vi } from 'vitest';
import { onlineNow } from '../chrome/online-now';
import { startMemberSession } from './member-session';
import { notificationsSlice, selectLastSeenId } from './notifications-slice';

const user = { uuid: 'me', rv: 3600 } as User;
const notification = (id: number): UserNotification => ({
  id,
  read_at: null,
  created_at: '2026-11-21T10:00:00Z',
  data: {
    action_type: 'MESSAGE_RECEIVED',
    image: '/a.png',
    timestamp: '2026-11-21T10:00:00Z',
    from_user_name: 'sam',
    from_user_uuid: 'sam',
    message: { type: 'text', from: { username: 'sam', uuid: 'sam' }, conversation: { uuid: 'c1' } },
  },
});

function fakeRealtime() {
  const subscribed: Array<() => void> = [];
  const realtime = {
    owned: () => ({
      subscribe: vi.fn((_c: string, _e: string, _h: unknown, hooks?: { onSubscribed?(): void }) => {
        if (hooks?.onSubscribed) subscribed.push(hooks.onSubscribed);
        return () => undefined;
      }),
      onReconnect: vi.fn(() => () => undefined),
    }),
    join: vi.fn(() => () => undefined),
    disconnect: vi.fn(),
  } as unknown as Realtime;
  const resubscribe = () => {
    for (const fn of subscribed) fn();
  };
  return { realtime, resubscribe };
}

/**
 * A member session on a fake realtime that keeps what the session subscribed to, so a test can
 * deliver a notification or a presence count the way the server would.
 */
function liveSession(overrides: Partial<Parameters<typeof startMemberSession>[1]> = {}) {
  const store = configureStore({
    reducer: { [notificationsSlice.reducerPath]: notificationsSlice.reducer },
  });
  const handlers = new Map<string, (payload: unknown) => void>();
  let onCount: ((members: number) => void) | undefined;
  const realtime = {
    owned: () => ({
      subscribe: vi.fn((channel: string, event: string, handler: (p: unknown) => void) => {
        handlers.set(`${channel} ${event}`, handler);
        return () => undefined;
      }),
      onReconnect: vi.fn(() => () => undefined),
    }),
    join: vi.fn((_channel: string, listener?: (members: number) => void) => {
      onCount = listener;
      return () => undefined;
    }),
    disconnect: vi.fn(),
  } as unknown as Realtime;
  const desktop = { notify: vi.fn() };
  const stop = startMemberSession(user, {
    api: vi.fn(async () => ({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
    })) as never,
    realtime,
    dispatch: store.dispatch,
    bus: createEventBus(),
    session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn() },
    desktop,
    lastSeenId: () => 0,
    preferences: () => undefined,
    currentPath: () => '/dashboard',
    ...overrides,
  });
  return {
    stop,
    realtime,
    desktop,
    state: () => store.getState()['shell/notifications'],
    deliver: (payload: unknown) => handlers.get('notifications.user.me notification.created')?.(payload),
    presence: (members: number) => onCount?.(members),
  };
}

describe('member session preferences', () => {
  it('pops up nothing and shows no desktop notification when the member switched them off', () => {
    const session = liveSession({
      preferences: () => ({ notification_popups: false, desktop_notifications: false }),
    });
    session.deliver(notification(9));
    expect(session.state().items.map((n) => n.id)).toEqual([9]);
    expect(session.state().popups).toEqual([]);
    expect(session.desktop.notify).not.toHaveBeenCalled();
  });
});

describe('member session and the open conversation', () => {
  it('pops up a message only when its conversation is not the one on screen', () => {
    let path = '/messages/c1';
    const session = liveSession({ currentPath: () => path });
    session.deliver(notification(1));
    // Listed in the bell, but no popup over the chat the member is reading.
    expect(session.state().items.map((n) => n.id)).toEqual([1]);
    expect(session.state().popups).toEqual([]);
    path = '/message/c1/';
    session.deliver(notification(2));
    expect(session.state().popups).toEqual([]);
    path = '/messages/another';
    session.deliver(notification(3));
    expect(session.state().popups.map((n) => n.id)).toEqual([3]);
  });
});

describe('member session presence', () => {
  it('hands the live member count of the online channel to the top bar, and stops at logout', () => {
    const session = liveSession();
    expect(session.realtime.join).toHaveBeenCalledWith('online', expect.any(Function));
    session.presence(3);
    expect(onlineNow.live()).toBe(3);
    session.presence(2);
    expect(onlineNow.live()).toBe(2);
    session.stop();
    expect(onlineNow.live()).toBeNull();
  });
});

describe('member session catch-up', () => {
  it('fetches notifications above the last id after a resubscription, and refreshes the member', async () => {
    const store = configureStore({
      reducer: { [notificationsSlice.reducerPath]: notificationsSlice.reducer },
    });
    const requests: string[] = [];
    const backgroundFlags: unknown[] = [];
    const api = vi.fn(
      async (path: string, options?: { query?: Record<string, unknown>; background?: boolean }) => {
        requests.push(`${path}?${new URLSearchParams(options?.query as Record<string, string>)}`);
        backgroundFlags.push(options?.background);
        if (path === '/notifications/count') return { data: { count: 1 } };
        const after = Number(options?.query?.['filter[after_id]'] ?? 0);
        const items = after ? [notification(8)] : [notification(7)];
        return { data: items, meta: { current_page: 1, last_page: 1, per_page: 15, total: items.length } };
      },
    ) as never;
    const reloadUser = vi.fn(async () => undefined);
    const { realtime, resubscribe } = fakeRealtime();
    const stop = startMemberSession(user, {
      api,
      realtime,
      dispatch: store.dispatch,
      bus: createEventBus(),
      session: { reloadUser, logout: vi.fn() },
      desktop: { notify: vi.fn() },
      lastSeenId: () => selectLastSeenId(store.getState()),
      preferences: () => undefined,
      currentPath: () => '/dashboard',
    });

    resubscribe();
    await vi.waitFor(() => expect(selectLastSeenId(store.getState())).toBe(7));
    expect(reloadUser).not.toHaveBeenCalled();

    // The connection dropped and came back: only what is above id 7 is fetched, and counts refresh.
    resubscribe();
    await vi.waitFor(() => expect(selectLastSeenId(store.getState())).toBe(8));
    expect(requests.some((r) => r.includes('filter%5Bafter_id%5D=7'))).toBe(true);
    await vi.waitFor(() => expect(reloadUser).toHaveBeenCalledOnce());
    expect(store.getState()['shell/notifications'].items.map((n) => n.id)).toEqual([8, 7]);
    // The member asked for none of it: no progress bar, form errors left alone.
    expect(reloadUser).toHaveBeenCalledWith({ background: true });
    expect(backgroundFlags).toEqual(requests.map(() => true));
    expect(store.getState()['shell/notifications'].popups).toEqual([]);
    stop();
  });
});

describe('member session counters', () => {
  it('sets the badges from the counts the server sends, in the one event that lists the notification', () => {
    const store = configureStore({
      reducer: {
        [notificationsSlice.reducerPath]: notificationsSlice.reducer,
        [sessionSlice.reducerPath]: sessionSlice.reducer,
      },
    });
    store.dispatch(userLoaded({ ...user, unread_messages_count: 1, new_visitors_count: 0 } as User));
    const handlers = new Map<string, (payload: unknown) => void>();
    const realtime = {
      owned: () => ({
        subscribe: vi.fn((channel: string, event: string, handler: (p: unknown) => void) => {
          handlers.set(`${channel} ${event}`, handler);
          return () => undefined;
        }),
        onReconnect: vi.fn(() => () => undefined),
      }),
      join: vi.fn(() => () => undefined),
      disconnect: vi.fn(),
    } as unknown as Realtime;
    const dispatched: string[] = [];
    const api = vi.fn(async () => ({ data: [], meta: { current_page: 1, last_page: 1 } })) as never;
    startMemberSession(user, {
      api,
      realtime,
      dispatch: (action) => {
        dispatched.push(action.type);
        return store.dispatch(action);
      },
      bus: createEventBus(),
      session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn() },
      desktop: { notify: vi.fn() },
      lastSeenId: () => 0,
      preferences: () => undefined,
      currentPath: () => '/dashboard',
    });
    const counts = { unread_messages_count: 7, new_visitors_count: 2, unread_favorites_count: 1 };
    handlers.get('notifications.user.me notification.created')?.({ ...notification(9), counts });
    expect(dispatched).toEqual([notificationReceived.type]);
    const member = store.getState().session.user;
    expect([
      member?.unread_messages_count,
      member?.new_visitors_count,
      member?.unread_favorites_count,
    ]).toEqual([7, 2, 1]);
    expect(store.getState()['shell/notifications'].items[0]).not.toHaveProperty('counts');
  });
});
