import { render } from '@testing-library/react';
import { ApiError } from '@ukd/api-client';
import type { ApiRequestOptions, EventMap, ShellContext } from '@ukd/contracts';
import type { User } from '@ukd/contracts/api';
import { createEventBus, createShellStore, userLoaded } from '@ukd/store';
import { ShellProvider } from '@ukd/ui';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

/**
 * The shell's own error class: remotes read it by shape (`isApiError`, `toFailure`), never by
 * `instanceof`, so the tests throw the real one rather than a look-alike.
 */
export { ApiError };

export type Handler = (options: ApiRequestOptions) => unknown;

/**
 * A fake of the shell's API client: `'GET /profiles'` -> handler. A handler gets the call's options
 * as the caller passed them (a `FormData` upload body included) and its return value is the
 * answer; throwing an `ApiError` is a failed call. Unknown calls fail the test loudly.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; options: ApiRequestOptions }> = [];
  const api = vi.fn(async (path: string, options: ApiRequestOptions = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, options });
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiError(500, `No fake for ${method} ${path}`);
    return handler(options);
  });
  return { api: api as unknown as ShellContext['api'], calls };
}

/** A fake realtime connection: `emit` delivers an event; `reconnect` runs the reconnect handlers. */
export function fakeRealtime() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const reconnects = new Set<() => void>();
  const listen = (key: string, handler: (payload: unknown) => void) => {
    if (!handlers.has(key)) handlers.set(key, new Set());
    handlers.get(key)?.add(handler);
    return () => handlers.get(key)?.delete(handler);
  };
  const realtime = {
    subscribe: vi.fn(
      (
        channel: string,
        event: string,
        handler: (payload: unknown) => void,
        hooks?: { onSubscribed?(): void },
      ) => {
        if (hooks?.onSubscribed) queueMicrotask(hooks.onSubscribed);
        return listen(`${channel} ${event}`, handler);
      },
    ),
    onReconnect: vi.fn((handler: () => void) => {
      reconnects.add(handler);
      return () => reconnects.delete(handler);
    }),
    // Whispers are client events: listened to as `client-{event}`, sent with `whisper`.
    listenForWhisper: vi.fn((channel: string, event: string, handler: (payload: unknown) => void) =>
      listen(`${channel} client-${event}`, handler),
    ),
    whisper: vi.fn(),
    socketId: () => '123.456',
  };
  return {
    realtime: realtime as unknown as ShellContext['realtime'],
    emit(channel: string, event: string, payload: unknown) {
      for (const handler of handlers.get(`${channel} ${event}`) ?? []) handler(payload);
    },
    reconnect() {
      for (const handler of reconnects) handler();
    },
  };
}

/** The logged-in member as `/me` describes them; tests override what they are about. */
export function member(overrides: Partial<User> = {}): User {
  return {
    uuid: 'me-uuid',
    username: 'demo',
    email: 'demo@example.com',
    email_confirmed: true,
    gender: 'male',
    city: 'Leeds',
    scope: ['member'],
    credits: 100,
    has_unli_message: false,
    primary_photo: { url: '/api/avatars/default-male.svg' },
    unread_messages_count: 0,
    new_visitors_count: 0,
    unread_favorites_count: 0,
    visits_count: 0,
    received_messages_count: 0,
    received_wink_interactions_count: 0,
    deactivated: false,
    profile_complete: true,
    choice: null,
    preferences: {},
    has_account_deletion_promo: false,
    rv: null,
    eventName: null,
    features: { muteUserNotifications: false, promoBadge: null },
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderPageOptions {
  /** The route pattern the page is mounted on, e.g. `/messages/:id`. */
  path: string;
  url: string;
  api: ShellContext['api'];
  realtime?: ShellContext['realtime'];
  /** `null` renders for a visitor. */
  user: User | null;
  /** Runs against the shell context before the first render, as a remote's `register` would. */
  register?(shell: ShellContext): void;
}

/**
 * Renders one page at `url` the way a remote mounts it in the composed site: the real store and
 * bus, a shell context, a router; on a phone-sized screen, as members mostly are.
 */
export function renderPage(
  Page: ComponentType,
  { path, url, api, realtime, user, register }: RenderPageOptions,
) {
  (
    window as unknown as { happyDOM?: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM?.setViewport({ width: 390, height: 844 });
  const { store, injectSlice, addMiddleware } = createShellStore({ api });
  if (user) store.dispatch(userLoaded(structuredClone(user)));
  const bus = createEventBus();
  const shell = {
    api,
    store,
    realtime: realtime ?? fakeRealtime().realtime,
    session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn(async () => undefined) },
    site: { name: 'Flirtlane', key: 'test-site', environment: 'local' },
    injectSlice,
    installBaseApi(baseApi: Parameters<ShellContext['installBaseApi']>[0]) {
      injectSlice(baseApi);
      addMiddleware(baseApi.middleware);
    },
    bus,
    navigate: vi.fn(),
    prefetch: vi.fn(),
  } as unknown as ShellContext;
  register?.(shell);
  const view = render(
    <Provider store={store}>
      <ShellProvider shell={shell}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={<Page />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ShellProvider>
    </Provider>,
  );
  const emit = <K extends keyof EventMap>(event: K, payload: EventMap[K]) => bus.emit(event, payload);
  return { ...view, store, shell, emit };
}
