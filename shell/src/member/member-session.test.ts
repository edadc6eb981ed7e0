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

describe('member session preferences', () => {
  it('pops up nothing and shows no desktop notification when the member switched them off', async () => {
    const store = configureStore({
      reducer: { [notificationsSlice.reducerPath]: notificationsSlice.reducer },
    });
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
    const desktop = { notify: vi.fn() };
    const api = vi.fn(async () => ({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
    })) as never;
    startMemberSession(user, {
      api,
      realtime,
      dispatch: store.dispatch,
      bus: createEventBus(),
      session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn() },
      desktop,
      lastSeenId: () => 0,
      preferences: () => ({ notification_popups: false, desktop_notifications: false }),
      currentPath: () => '/dashboard',
    });
    handlers.get('notifications.user.me notification.created')?.(notification(9));
    expect(store.getState()['shell/notifications'].items.map((n) => n.id)).toEqual([9]);
    expect(store.getState()['shell/notifications'].popups).toEqual([]);
    expect(desktop.notify).not.toHaveBeenCalled();
  });
});

describe('member session and the open conversation', () => {
  it('pops up a message only when its conversation is not the one on screen', () => {
    const store = configureStore({
      reducer: { [notificationsSlice.reducerPath]: notificationsSlice.reducer },
    });
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
    let path = '/messages/c1';
    startMemberSession(user, {
      api: vi.fn(async () => ({ data: [], meta: { current_page: 1, last_page: 1 } })) as never,
      realtime,
      dispatch: store.dispatch,
      bus: createEventBus(),
      session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn() },
      desktop: { notify: vi.fn() },
      lastSeenId: () => 0,
      preferences: () => undefined,
      currentPath: () => path,
    });
    const deliver = handlers.get('notifications.user.me notification.created');
    deliver?.(notification(1));
    const state = () => store.getState()['shell/notifications'];
    // Listed in the bell, but no popup over the chat the member is reading.
    expect(state().items.map((n) => n.id)).toEqual([1]);
    expect(state().popups).toEqual([]);
    path = '/message/c1/';
    deliver?.(notification(2));
    expect(state().popups).toEqual([]);
    path = '/messages/another';
    deliver?.(notification(3));
    expect(state().popups.map((n) => n.id)).toEqual([3]);
  });
});

describe('member session presence', () => {
  it('hands the live member count of the online channel to the top bar, and stops at logout', () => {
    const store = configureStore({
      reducer: { [notificationsSlice.reducerPath]: notificationsSlice.reducer },
    });
    let onCount: ((members: number) => void) | undefined;
    const realtime = {
      owned: () => ({
        subscribe: vi.fn(() => () => undefined),
        onReconnect: vi.fn(() => () => undefined),
      }),
      join: vi.fn((_channel: string, listener?: (members: number) => void) => {
        onCount = listener;
        return () => undefined;
      }),
      disconnect: vi.fn(),
    } as unknown as Realtime;
    const stop = startMemberSession(user, {
      api: vi.fn(async () => ({ data: [], meta: { current_page: 1, last_page: 1 } })) as never,
      realtime,
      dispatch: store.dispatch,
      bus: createEventBus(),
      session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn() },
      desktop: { notify: vi.fn() },
      lastSeenId: () => 0,
      preferences: () => undefined,
      currentPath: () => '/dashboard',
    });
    expect(realtime.join).toHaveBeenCalledWith('online', expect.any(Function));
    onCount?.(3);
    expect(onlineNow.live()).toBe(3);
    onCount?.(2);
    expect(onlineNow.live()).toBe(2);
    stop();
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
