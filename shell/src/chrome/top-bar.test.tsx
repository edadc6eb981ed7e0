// @vitest-environment happy-dom
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { loggedOut, sessionChecking, sessionSlice } from '@ukd/store';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Layout } from '../layouts/layout';
import type { ShellServices } from '../session/shell-services';
import { ShellServicesProvider } from '../session/shell-services';

afterEach(cleanup);

function renderPage(store: ReturnType<typeof storeWith>) {
  const services = { api: () => new Promise(() => undefined) } as unknown as ShellServices;
  render(
    <Provider store={store}>
      <ShellServicesProvider services={services}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Layout name="default" siteName="Flirtlane">
            <h1>Browse</h1>
          </Layout>
        </MemoryRouter>
      </ShellServicesProvider>
    </Provider>,
  );
}

function storeWith(...actions: UnknownAction[]) {
  const store = configureStore({ reducer: { [sessionSlice.reducerPath]: sessionSlice.reducer } });
  for (const action of actions) store.dispatch(action);
  return store;
}

describe('top bar while a stored session is checked', () => {
  it('draws the member bar’s shape, never Log In', () => {
    renderPage(storeWith(sessionChecking()));
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Account' }).getAttribute('aria-busy')).toBe('true');
  });

  it('offers Log In once no session is found', () => {
    renderPage(storeWith(sessionChecking(), loggedOut()));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
  });
});

describe('skip link', () => {
  it('is the first link on the page and leads to the main content, which can take focus', () => {
    renderPage(storeWith());
    const first = document.querySelector('a');
    expect(first?.textContent).toBe('Skip to content');
    expect(first?.getAttribute('href')).toBe('#main-content');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.tabIndex).toBe(-1);
  });
});
