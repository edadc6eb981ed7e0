import { createSlice } from '@reduxjs/toolkit';
import type { UserNotification } from '@ukd/contracts/api';
import { describe, expect, it, vi } from 'vitest';
import { createShellStore } from './create-store';
import { createEventBus } from './event-bus';

describe('createShellStore', () => {
  it('injects a remote slice with its initial state, once', () => {
    const { store, injectSlice } = createShellStore();
    const counter = createSlice({ name: 'mfe-landers/visits', initialState: { seen: 3 }, reducers: {} });
    injectSlice(counter);
    injectSlice(counter);
    expect((store.getState() as Record<string, unknown>)['mfe-landers/visits']).toEqual({ seen: 3 });
  });
});

describe('createEventBus', () => {
  it('delivers to every handler even when one throws, and unsubscribes', () => {
    const errors: unknown[] = [];
    const bus = createEventBus((e) => errors.push(e));
    const seen: string[] = [];
    bus.on('shell:toast', () => {
      throw new Error('broken remote');
    });
    const off = bus.on('shell:toast', ({ message }) => seen.push(message));
    bus.emit('shell:toast', { type: 'info', message: 'hello' });
    off();
    bus.emit('shell:toast', { type: 'info', message: 'ignored' });
    expect(seen).toEqual(['hello']);
    expect(errors).toHaveLength(2);
  });

  it('lets a handler unsubscribe itself while the event is being delivered', () => {
    const bus = createEventBus();
    const second = vi.fn();
    const off = bus.on('shell:route-changed', () => off());
    bus.on('shell:route-changed', second);
    bus.emit('shell:route-changed', { pathname: '/', search: '' });
    expect(second).toHaveBeenCalledOnce();
  });
});

describe('session slice (SPEC §4)', () => {
  const member = {
    uuid: 'u1',
    username: 'demo',
    credits: 3,
    unread_messages_count: 0,
    new_visitors_count: 2,
    unread_favorites_count: 0,
    profile_complete: false,
  } as unknown as import('@ukd/contracts/api').User;

  it('counts credits down by 1 by default and shows a negative balance as 0', async () => {
    const { creditsReduced, creditsSet, selectDisplayCredits, userLoaded } = await import('./session-slice');
    const { store } = createShellStore();
    store.dispatch(userLoaded(member));
    store.dispatch(creditsReduced());
    store.dispatch(creditsReduced(5));
    expect(store.getState().session.user?.credits).toBe(-3);
    expect(selectDisplayCredits(store.getState())).toBe(0);
    store.dispatch(creditsSet(40));
    expect(selectDisplayCredits(store.getState())).toBe(40);
  });

  it('sets the counters the server sends, and forgets everything on logout', async () => {
    const s = await import('./session-slice');
    const { notificationReceived } = await import('./notification-events');
    const { store } = createShellStore();
    store.dispatch(s.userLoaded(member));
    const notification = { id: 1 } as UserNotification;
    store.dispatch(
      notificationReceived({
        notification,
        popup: true,
        counts: { unread_messages_count: 3, new_visitors_count: 3, unread_favorites_count: 1 },
      }),
    );
    // A caught-up notification carries no counts: the badges stay as they are.
    store.dispatch(notificationReceived({ notification, popup: false }));
    expect(store.getState().session.user?.unread_favorites_count).toBe(1);
    store.dispatch(s.unreadFavoritesSet(4));
    store.dispatch(s.profileMarkedComplete());
    const user = store.getState().session.user;
    expect([user?.unread_messages_count, user?.new_visitors_count, user?.unread_favorites_count]).toEqual([
      3, 3, 4,
    ]);
    expect(user?.profile_complete).toBe(true);
    store.dispatch(s.loggedOut());
    expect(store.getState().session).toMatchObject({ user: null, loggedIn: false, login_failed: false });
  });

  it('marks a failed login and resets the flag on the next attempt', async () => {
    const s = await import('./session-slice');
    const { store } = createShellStore();
    store.dispatch(s.loginStarted());
    store.dispatch(s.loginFailed());
    expect(s.selectLoginFailed(store.getState())).toBe(true);
    store.dispatch(s.loginStarted());
    expect(s.selectLoginFailed(store.getState())).toBe(false);
  });
});

describe('RTK Query through the shell store', () => {
  it('runs an injected api with the thunk extra as its client, middleware added once', async () => {
    const { createApi } = await import('@reduxjs/toolkit/query');
    const calls: string[] = [];
    const { store, injectSlice, addMiddleware } = createShellStore({
      api: async <T>(path: string) => {
        calls.push(path);
        return { data: { online: 7 } } as T;
      },
    });
    const api = createApi({
      reducerPath: 'api',
      baseQuery: async (url: string, { extra }) => ({
        data: await (extra as { api: (p: string) => Promise<unknown> }).api(url),
      }),
      endpoints: (build) => ({ online: build.query<unknown, void>({ query: () => '/onlines/count' }) }),
    });
    injectSlice(api);
    addMiddleware(api.middleware);
    addMiddleware(api.middleware);
    const result = await store.dispatch(api.endpoints.online.initiate());
    expect(result.data).toEqual({ data: { online: 7 } });
    expect(calls).toEqual(['/onlines/count']);
  });
});
