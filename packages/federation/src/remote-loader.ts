import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppModule, RemoteEntry, RemoteRegisterModule } from '@ukd/contracts';
import { containerName } from '@ukd/contracts';

export type RemoteModuleName = 'register' | 'app';

interface ModuleTypes {
  register: RemoteRegisterModule;
  app: RemoteAppModule;
}

export interface RemoteLoader {
  load<M extends RemoteModuleName>(remote: RemoteEntry, module: M): Promise<ModuleTypes[M]>;
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
 * entry URL; the last error reaches the caller. This is the only retry for remote code: the
 * runtime plugins only report, and the shell's "Retry" button is the member's own.
 */
export function createRemoteLoader({
  baseUrl,
  attempts = 3,
  retryDelayMs = 300,
}: RemoteLoaderOptions): RemoteLoader {
  const registered = new Set<string>();

  function register(remote: RemoteEntry, force: boolean) {
    const name = containerName(remote.id);
    if (registered.has(name) && !force) return;
    const entry = new URL(remote.entry, baseUrl);
    if (force) entry.searchParams.set('v', `${remote.version}-${Date.now()}`);
    registerRemotes([{ name, entry: entry.href }], { force });
    registered.add(name);
  }

  return {
    async load(remote, module) {
      let lastError: unknown;
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** (attempt - 1)));
        register(remote, attempt > 0);
        try {
          const loaded = await loadRemote<ModuleTypes[typeof module]>(
            `${containerName(remote.id)}/${module}`,
          );
          if (loaded) return loaded;
          lastError = new Error(`${remote.id} has no module ${module}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(String(lastError));
    },
    reset(remote) {
      registered.delete(containerName(remote.id));
    },
  };
}
