// @vitest-environment happy-dom

import type { ShellContext } from '@ukd/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createRemoteApp, withPageData } from './remote-app';
import { routeDefinitions } from './remote-routes';

const page = () => Promise.resolve({ default: () => null });

describe("a remote app's page preload", () => {
  it('fetches the code of the page a path shows, and no other', async () => {
    const routes = [
      { path: '/profile/edit', page: vi.fn(page) },
      { path: '/profile/:uuid', page: vi.fn(page) },
      { path: '/dashboard', page: vi.fn(page) },
    ];
    const app = createRemoteApp(routes);
    await app.preload('/profile/3f1c');
    expect(routes.map((route) => route.page.mock.calls.length)).toEqual([0, 1, 0]);
    // The most specific route wins, as the remote's router would choose.
    await app.preload('/profile/edit');
    expect(routes.map((route) => route.page.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it("starts the page's first requests only when the shell hands it the store", async () => {
    const data = vi.fn();
    const routes = [
      { path: '/messages', page, data: vi.fn() },
      { path: '/messages/:id', page, data },
    ];
    const app = createRemoteApp(routes);
    const preload = withPageData(routes, app.preload);
    await preload('/messages/c1');
    expect(data).not.toHaveBeenCalled();
    const shell = { store: { dispatch: vi.fn() } } as unknown as ShellContext;
    await preload('/messages/c1', { search: '?from=42', shell });
    expect(data).toHaveBeenCalledTimes(1);
    expect(data).toHaveBeenCalledWith({ params: { id: 'c1' }, search: '?from=42', shell });
    expect(routes[0]?.data).not.toHaveBeenCalled();
    // The manifest's copy of a route is data only.
    expect(
      routeDefinitions([{ path: '/x', title: 'X', access: 'member', layout: 'default', page, data }]),
    ).toEqual([{ path: '/x', title: 'X', access: 'member', layout: 'default' }]);
  });

  it('does nothing for a path it has no page for', async () => {
    const dashboard = vi.fn(page);
    await createRemoteApp([{ path: '/dashboard', page: dashboard }]).preload('/nowhere');
    expect(dashboard).not.toHaveBeenCalled();
  });
});
