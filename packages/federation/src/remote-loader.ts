import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppModule, RemoteEntry, RemoteRegisterModule } from '@ukd/contracts';
import { containerName } from '@ukd/contracts';

/** What the shell needs of a remote: `register` (its manifest of routes, slots and nav) and `app`. */
export interface RemoteModules {
  register: RemoteRegisterModule;
  app: RemoteAppModule;
}

export interface RemoteLoader {
  /**
   * Both modules; `onApp` hears of `app` as soon as it is there, before `register` (whose
   * shared code, RTK Query's, can take longer): the shell starts a page's first calls with it.
   */
  load(remote: RemoteEntry, onApp?: (app: RemoteAppModule) => void): Promise<RemoteModules>;
  /** Forget a failed remote so the next `load` fetches its manifest and code afresh. */
  reset(remote: RemoteEntry): void;
}

export interface RemoteLoaderOptions {
  /** Base for relative manifest URLs: the site origin. */
  baseUrl: string;
  attempts?: number;
  retryDelayMs?: number;
}

/**
 * Loads a remote's exposed modules on demand. Nothing is fetched until a route or slot asks,
 * so the first page pays only for the remote it shows. A failure (manifest, entry or chunk) is
 * retried with backoff, each time with the runtime's cache of the container cleared and a fresh
 * entry URL; the last error reaches the caller. Both modules are fetched in one attempt: two
 * loops retrying side by side would each re-register the container the other is loading from.
 * This is the only retry for remote code: the runtime plugins only report, and the shell's
 * "Retry" button is the member's own.
 */
export function createRemoteLoader({
  baseUrl,
  attempts = 3,
  retryDelayMs = 300,
}: RemoteLoaderOptions): RemoteLoader {
  const registered = new Set<string>();
  /** Remotes whose last load failed: the runtime still holds that failure until re-registered. */
  const failed = new Set<string>();

  function register(remote: RemoteEntry, afresh: boolean) {
    const name = containerName(remote.id);
    if (registered.has(name) && !afresh) return;
    const entry = new URL(remote.entry, baseUrl);
    const replacing = registered.has(name);
    // A fresh URL, or the runtime answers from what it fetched (and failed to fetch) before.
    if (replacing) entry.searchParams.set('v', `${remote.version}-${Date.now()}`);
    registerRemotes([{ name, entry: entry.href }], { force: replacing });
    registered.add(name);
    failed.delete(name);
  }

  async function exposed<M extends keyof RemoteModules>(remote: RemoteEntry, module: M) {
    const loaded = await loadRemote<RemoteModules[M]>(`${containerName(remote.id)}/${module}`);
    if (!loaded) throw new Error(`${remote.id} has no module ${module}`);
    return loaded;
  }

  return {
    async load(remote, onApp) {
      let heard = false;
      const hear = (app: RemoteAppModule) => {
        if (heard || !onApp) return app;
        heard = true;
        onApp(app);
        return app;
      };
      let lastError: unknown;
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** (attempt - 1)));
        register(remote, attempt > 0 || failed.has(containerName(remote.id)));
        try {
          const [registerModule, app] = await Promise.all([
            exposed(remote, 'register'),
            exposed(remote, 'app').then(hear),
          ]);
          return { register: registerModule, app };
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(String(lastError));
    },
    reset(remote) {
      failed.add(containerName(remote.id));
    },
  };
}
