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

export { ApiError };

export type Handler = (options: ApiRequestOptions) => unknown;

/** A fake of the shell's API client: `'GET /user-conversations'` -> handler. Unknown calls fail loudly. */
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
  const realtime = {
    subscribe: vi.fn(
      (
        _owner: string,
        channel: string,
        event: string,
        handler: (payload: unknown) => void,
        hooks?: { onSubscribed?(): void },
      ) => {
        const key = `${channel} ${event}`;
        if (!handlers.has(key)) handlers.set(key, new Set());
        handlers.get(key)?.add(handler);
        if (hooks?.onSubscribed) queueMicrotask(hooks.onSubscribed);
        return () => handlers.get(key)?.delete(handler);
      },
    ),
    onReconnect: vi.fn((handler: () => void) => {
      reconnects.add(handler);
      return () => reconnects.delete(handler);
    }),
    // Whispers are client events: listened to as `client-{event}`, sent with `whisper`.
    listenForWhisper: vi.fn(
      (_owner: string, channel: string, event: string, handler: (payload: unknown) => void) => {
        const key = `${channel} client-${event}`;
        if (!handlers.has(key)) handlers.set(key, new Set());
        handlers.get(key)?.add(handler);
        return () => handlers.get(key)?.delete(handler);
      },
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

export const me: User = {
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
  unread_messages_count: 2,
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
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders one page at `url` the way the remote does: real store and bus, shell context, router. */
export function renderPage(
  Page: ComponentType,
  {
    path,
    url,
    api,
    realtime = fakeRealtime().realtime,
    user = me,
  }: {
    path: string;
    url: string;
    api: ShellContext['api'];
    realtime?: ShellContext['realtime'];
    user?: User;
  },
) {
  const { store, injectSlice } = createShellStore({ api });
  store.dispatch(userLoaded(structuredClone(user)));
  const bus = createEventBus();
  const shell = {
    api,
    store,
    realtime,
    session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn(async () => undefined) },
    site: { name: 'Flirtlane', key: 'test-site', environment: 'local' },
    injectSlice,
    installBaseApi: vi.fn(),
    bus,
    navigate: vi.fn(),
    prefetch: vi.fn(),
  } as unknown as ShellContext;
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
