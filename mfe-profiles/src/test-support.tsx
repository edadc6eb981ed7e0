import { render } from '@testing-library/react';
import { baseApi } from '@ukd/api-client/rtk';
import type { ApiRequestOptions, ShellContext } from '@ukd/contracts';
import type { ProfileCard, PublicProfile, User } from '@ukd/contracts/api';
import { createShellStore, userLoaded } from '@ukd/store';
import { ShellProvider } from '@ukd/ui';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import './profiles-api';

export type Handler = (options: ApiRequestOptions) => unknown;

/**
 * A fake of the shell's API client: `'GET /profiles'` -> handler. A handler's return value is the
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

/**
 * Shaped like the shell's `ApiError` but another class, as in the composed site: the shell's
 * client throws its own copy of the class, never the one a remote bundles.
 */
export class ApiError extends Error {
  readonly fieldErrors: Record<string, string>;
  constructor(
    readonly status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fieldErrors = fieldErrors;
  }
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
  unread_messages_count: 0,
  new_visitors_count: 3,
  unread_favorites_count: 2,
  visits_count: 7,
  received_messages_count: 1,
  received_wink_interactions_count: 4,
  deactivated: false,
  profile_complete: false,
  choice: null,
  preferences: {},
  has_account_deletion_promo: false,
  rv: null,
  eventName: null,
  features: { muteUserNotifications: false, promoBadge: null },
};

export function card(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    uuid: 'sam-uuid',
    username: 'sam',
    gender: 'female',
    age: 31,
    city: 'Manchester',
    region: 'north-west',
    headline: 'Coffee first',
    online: true,
    last_active_at: new Date().toISOString(),
    created_at: '2026-01-01T00:00:00.000Z',
    primary_photo: { url: '/p/sam.jpg', thumbnail_url: '/p/sam-t.jpg' },
    ...overrides,
  };
}

export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    ...card(),
    about: 'I like long walks in the Peak District.',
    looking_for: 'Someone to share a pint with.',
    height_cm: 168,
    body_type: 4,
    eye_colour: 5,
    hair_colour: 4,
    tattoos_piercings: 1,
    interests: ['hiking', 'craft-beer'],
    photos: [],
    relation: { liked: false, favorited: false, winked: false, blocked: false },
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders one page at `url` the way the remote does: real store, shell context, router. */
export function renderPage(
  Page: ComponentType,
  { path, url, api, user = me }: { path: string; url: string; api: ShellContext['api']; user?: User | null },
) {
  // Mobile first: members are mostly on phones (the shell's header bar takes over from 1024 px).
  (
    window as unknown as { happyDOM?: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM?.setViewport({
    width: 390,
    height: 844,
  });
  const { store, injectSlice, addMiddleware } = createShellStore({ api });
  injectSlice(baseApi);
  addMiddleware(baseApi.middleware);
  if (user) store.dispatch(userLoaded(structuredClone(user)));
  const shell = {
    api,
    store,
    session: { reloadUser: vi.fn(async () => undefined), logout: vi.fn(async () => undefined) },
    site: { name: 'Flirtlane', key: 'test-site', environment: 'local' },
    injectSlice,
    installBaseApi: vi.fn(),
    bus: { emit: vi.fn(), on: vi.fn(() => () => undefined) },
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
  return { ...view, store, shell };
}
