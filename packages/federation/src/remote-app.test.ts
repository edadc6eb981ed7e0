// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createRemoteApp } from './remote-app';

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

  it('does nothing for a path it has no page for', async () => {
    const dashboard = vi.fn(page);
    await createRemoteApp([{ path: '/dashboard', page: dashboard }]).preload('/nowhere');
    expect(dashboard).not.toHaveBeenCalled();
  });
});
