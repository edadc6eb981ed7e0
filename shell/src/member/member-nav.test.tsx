// @vitest-environment happy-dom
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { NavItem, RemoteEntry } from '@ukd/contracts';
import type { User } from '@ukd/contracts/api';
import type { RemoteLoader } from '@ukd/federation/remote-loader';
import { createEventBus, sessionSlice, userLoaded } from '@ukd/store';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteContexts } from '../remotes/remote-context';
import { createRemoteRegistry } from '../remotes/remote-registry';
import { type ShellServices, ShellServicesProvider } from '../session/shell-services';
import HeaderBar from './header-bar';

const remote = (id: string, nav: NavItem[]): RemoteEntry => ({
  id,
  entry: `/remotes/${id}/v1/mf-manifest.json`,
  version: 'v1',
  routes: [],
  nav,
});

/** The site manifest's remotes as the deploy writes them: in remote order, not menu order. */
const remotes = [
  remote('mfe-messaging', [
    { label: 'Messages', to: '/messages', area: 'member', order: 20, badge: 'unread-messages' },
  ]),
  remote('mfe-profiles', [
    { label: 'Browse', to: '/dashboard', area: 'member', order: 10 },
    { label: 'My profile', to: '/my-profile', area: 'member', order: 30 },
    { label: 'Visitors', to: '/my-visitors', area: 'member', order: 40, badge: 'new-visitors' },
    { label: 'Favourites', to: '/my-favorites', area: 'member', order: 50, badge: 'unread-favorites' },
    { label: 'Account', to: '/account', area: 'member', order: 70 },
  ]),
  remote('mfe-billing', [{ label: 'Buy credits', to: '/credits/buy', area: 'member', order: 60 }]),
];

afterEach(cleanup);

describe('member header bar', () => {
  it('lists every remote’s member links in their order, with the session’s badges, without loading any remote', () => {
    const store = configureStore({ reducer: { [sessionSlice.reducerPath]: sessionSlice.reducer } });
    store.dispatch(
      userLoaded({
        uuid: 'me',
        unread_messages_count: 3,
        new_visitors_count: 120,
        unread_favorites_count: 0,
      } as User),
    );
    const loader: RemoteLoader = { load: vi.fn(), reset: vi.fn() };
    const contexts = { shellFor: vi.fn(), release: vi.fn() } as unknown as RemoteContexts;
    const registry = createRemoteRegistry({ remotes, loader, contexts, bus: createEventBus() });
    const services = { registry, session: { logout: vi.fn() } } as unknown as ShellServices;
    render(
      <Provider store={store}>
        <ShellServicesProvider services={services}>
          <MemoryRouter>
            <HeaderBar />
          </MemoryRouter>
        </ShellServicesProvider>
      </Provider>,
    );
    const bar = screen.getByRole('navigation', { name: 'Member' });
    const links = within(bar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Browse', '/dashboard'],
      ['Messages3', '/messages'],
      ['My profile', '/my-profile'],
      ['Visitors99+', '/my-visitors'],
      ['Favourites', '/my-favorites'],
      ['Buy credits', '/credits/buy'],
      ['Account', '/account'],
    ]);
    expect(within(bar).getByRole('button').textContent).toBe('Logout');
    expect(loader.load).not.toHaveBeenCalled();
  });
});
