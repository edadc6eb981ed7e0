import type { RemoteAppModule, RemoteEntry, ShellContext } from '@ukd/contracts';
import type { RemoteLoader } from '@ukd/federation/remote-loader';
import { createEventBus } from '@ukd/store';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteContexts } from './remote-context';
import { createRemoteRegistry } from './remote-registry';

const messaging: RemoteEntry = {
  id: 'mfe-messaging',
  entry: '/remotes/mfe-messaging/v1/mf-manifest.json',
  version: 'v1',
  routes: [],
};

function setup() {
  const released: string[] = [];
  const contexts: RemoteContexts = {
    shellFor: (owner) => ({ owner }) as unknown as ShellContext,
    release: (owner) => released.push(owner),
  };
  const dispose = vi.fn();
  const register = vi.fn((shell: ShellContext) => ({ id: 'mfe-messaging', routes: [], dispose, shell }));
  const loader: RemoteLoader = {
    load: (async (_remote: RemoteEntry, module: string) =>
      module === 'app' ? ({} as RemoteAppModule) : { register }) as RemoteLoader['load'],
    reset: vi.fn(),
  };
  const registry = createRemoteRegistry({ remotes: [messaging], loader, contexts, bus: createEventBus() });
  return { registry, register, dispose, released };
}

describe('remote registry', () => {
  it('registers a remote once, with a context owned by the remote', async () => {
    const { registry, register } = setup();
    await Promise.all([registry.activate(messaging), registry.activate(messaging)]);
    expect(register).toHaveBeenCalledOnce();
    expect(register.mock.calls[0]?.[0]).toEqual({ owner: 'mfe-messaging' });
  });

  it('gives each mount its own owner, released on its own', () => {
    const { registry, released } = setup();
    const page = registry.mount(messaging);
    const widget = registry.mount(messaging, 'top-bar-promo');
    expect(page.name).toMatch(/^mfe-messaging#\d+$/);
    expect(widget.name).toMatch(/^mfe-messaging:top-bar-promo#\d+$/);
    expect(page.shell).toEqual({ owner: page.name });
    widget.release();
    expect(released).toEqual([widget.name]);
  });

  it('undoes the registration and releases the remote’s own owner when the remote is let go', async () => {
    const { registry, dispose, released } = setup();
    await registry.activate(messaging);
    registry.release('mfe-messaging');
    expect(released).toEqual(['mfe-messaging']);
    await vi.waitFor(() => expect(dispose).toHaveBeenCalledOnce());
  });
});
