import type { RemoteEntry } from '@ukd/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime is the boundary: what the loader asks of it is what this file checks.
const runtime = vi.hoisted(() => ({
  registrations: [] as Array<{ entry: string; force: boolean }>,
  /** How many more `loadRemote` calls fail before the remote is back. */
  failuresLeft: 0,
  loaded: [] as string[],
  /** While set, `register` waits for it (its shared code still on the way). */
  registerArrives: null as Promise<void> | null,
}));

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes(remotes: Array<{ entry: string }>, options?: { force?: boolean }) {
    for (const remote of remotes) {
      runtime.registrations.push({ entry: remote.entry, force: options?.force ?? false });
    }
  },
  async loadRemote(id: string) {
    runtime.loaded.push(id);
    if (id.endsWith('/register') && runtime.registerArrives) await runtime.registerArrives;
    if (runtime.failuresLeft > 0) {
      runtime.failuresLeft--;
      throw new Error('Failed to get manifest. #RUNTIME-003');
    }
    return { id };
  },
}));

const { createRemoteLoader } = await import('./remote-loader');

const support: RemoteEntry = {
  id: 'mfe-support',
  entry: '/remotes/mfe-support/v7/mf-manifest.json',
  version: 'v7',
  routes: [],
};

beforeEach(() => {
  runtime.registrations.length = 0;
  runtime.loaded.length = 0;
  runtime.failuresLeft = 0;
  runtime.registerArrives = null;
});

describe('remote loader', () => {
  it('hands over `app` as soon as it is there, once, before `register` arrives', async () => {
    let registerArrived: () => void = () => undefined;
    runtime.registerArrives = new Promise<void>((resolve) => {
      registerArrived = resolve;
    });
    const loader = createRemoteLoader({ baseUrl: 'https://flirtlane.test', retryDelayMs: 0 });
    const heard: unknown[] = [];
    const loading = loader.load(support, (app) => heard.push(app));
    await vi.waitFor(() => expect(heard).toEqual([{ id: 'mfe_support/app' }]));
    registerArrived();
    await expect(loading).resolves.toEqual({
      register: { id: 'mfe_support/register' },
      app: { id: 'mfe_support/app' },
    });
    expect(heard).toHaveLength(1);
  });

  it('loads register and app together from the manifest’s own address, registering once', async () => {
    const loader = createRemoteLoader({ baseUrl: 'https://flirtlane.test', retryDelayMs: 0 });
    const modules = await loader.load(support);
    expect(modules).toEqual({ register: { id: 'mfe_support/register' }, app: { id: 'mfe_support/app' } });
    await loader.load(support);
    // The first address is the one the page preloads, so the preloaded manifest is the one used.
    expect(runtime.registrations).toEqual([
      { entry: 'https://flirtlane.test/remotes/mfe-support/v7/mf-manifest.json', force: false },
    ]);
  });

  it('retries a failed attempt once per attempt for both modules, each time from a fresh address', async () => {
    const loader = createRemoteLoader({ baseUrl: 'https://flirtlane.test', retryDelayMs: 0 });
    // Both modules fail in the first attempt; the second brings them.
    runtime.failuresLeft = 2;
    await expect(loader.load(support)).resolves.toMatchObject({ app: { id: 'mfe_support/app' } });
    expect(runtime.registrations).toHaveLength(2);
    const [first, retry] = runtime.registrations;
    expect(first?.force).toBe(false);
    expect(retry?.force).toBe(true);
    expect(new URL(retry?.entry ?? '').searchParams.get('v')).toMatch(/^v7-\d+$/);
  });

  it('gives up after its attempts with the last error, and starts afresh after reset', async () => {
    const loader = createRemoteLoader({ baseUrl: 'https://flirtlane.test', attempts: 2, retryDelayMs: 0 });
    runtime.failuresLeft = 4;
    await expect(loader.load(support)).rejects.toThrow('#RUNTIME-003');
    loader.reset(support);
    runtime.registrations.length = 0;
    await loader.load(support);
    // The runtime still holds the failed manifest: the next load re-registers at once.
    expect(runtime.registrations).toHaveLength(1);
    expect(runtime.registrations[0]?.force).toBe(true);
  });
});
