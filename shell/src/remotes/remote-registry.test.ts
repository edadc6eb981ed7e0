import type { RemoteAppModule, RemoteEntry, ShellContext } from '@ukd/contracts';
import type { RemoteLoader, RemoteModules } from '@ukd/federation/remote-loader';
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
  let settle: 'now' | 'by-hand' = 'now';
  const loads: Array<{ resolve(): void; reject(error: Error): void }> = [];
  const loader: RemoteLoader = {
    // Each load waits for the test to settle it, unless `settle` is 'now'.
    load: vi.fn(
      () =>
        new Promise<RemoteModules>((resolve, reject) => {
          const modules = { app: {} as RemoteAppModule, register: { register } };
          loads.push({ resolve: () => resolve(modules), reject });
          if (settle === 'now') resolve(modules);
        }),
    ),
    reset: vi.fn(),
  };
  const bus = createEventBus();
  const failures: string[] = [];
  bus.on('shell:remote-failed', ({ remote }) => failures.push(remote));
  const registry = createRemoteRegistry({ remotes: [messaging], loader, contexts, bus });
  return {
    registry,
    register,
    dispose,
    released,
    loader,
    loads,
    failures,
    settleByHand: () => {
      settle = 'by-hand';
    },
  };
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

  it('gives a mount the props single-spa hands its parcel: its element, name, context and crash handler', () => {
    const { registry } = setup();
    const page = registry.mount(messaging);
    const element = {} as HTMLElement;
    const onCrash = vi.fn();
    expect(page.parcelProps(element, onCrash)).toEqual({
      domElement: element,
      name: page.name,
      shell: page.shell,
      basename: '/',
      onCrash,
    });
  });

  it('undoes the registration and releases the remote’s own owner when the remote is let go', async () => {
    const { registry, dispose, released } = setup();
    await registry.activate(messaging);
    registry.release('mfe-messaging');
    expect(released).toEqual(['mfe-messaging']);
    await vi.waitFor(() => expect(dispose).toHaveBeenCalledOnce());
  });

  it('forgets a failed load so the next activation loads again, and says so once', async () => {
    const { registry, loader, loads, failures, released, settleByHand } = setup();
    settleByHand();
    const first = registry.activate(messaging);
    loads[0]?.reject(new Error('503'));
    await expect(first).rejects.toThrow('503');
    expect(loader.reset).toHaveBeenCalledOnce();
    expect(released).toEqual(['mfe-messaging']);
    expect(failures).toEqual(['mfe-messaging']);
    const second = registry.activate(messaging);
    expect(second).not.toBe(first);
    loads[1]?.resolve();
    await expect(second).resolves.toMatchObject({ registration: { id: 'mfe-messaging' } });
  });

  it('an activation that fails after it was let go leaves the newer one alone', async () => {
    const { registry, loader, loads, failures, released, settleByHand } = setup();
    settleByHand();
    const old = registry.activate(messaging);
    registry.release('mfe-messaging');
    const newer = registry.activate(messaging);
    loads[1]?.resolve();
    await newer;
    loads[0]?.reject(new Error('503'));
    await expect(old).rejects.toThrow('503');
    // The newer activation is still the remote's: no reload, no reset, no failure reported.
    expect(registry.activate(messaging)).toBe(newer);
    expect(loader.load).toHaveBeenCalledTimes(2);
    expect(loader.reset).not.toHaveBeenCalled();
    expect(released).toEqual(['mfe-messaging']);
    expect(failures).toEqual([]);
  });

  it('Retry waits for a load under way and, when that one fails, loads afresh', async () => {
    const { registry, loader, loads, settleByHand } = setup();
    settleByHand();
    // A slot's load began while the remote was down; the member clicks Retry before it gives up.
    const earlier = registry.activate(messaging);
    const retried = registry.retry(messaging);
    expect(loader.load).toHaveBeenCalledOnce();
    loads[0]?.reject(new Error('503'));
    await expect(earlier).rejects.toThrow('503');
    await vi.waitFor(() => expect(loader.load).toHaveBeenCalledTimes(2));
    loads[1]?.resolve();
    await expect(retried).resolves.toMatchObject({ registration: { id: 'mfe-messaging' } });
  });
});
