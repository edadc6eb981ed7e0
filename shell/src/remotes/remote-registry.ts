import type { RemoteAppModule, RemoteEntry, RemoteRegistration, ShellContext } from '@ukd/contracts';
import type { RemoteLoader } from '@ukd/federation/remote-loader';
import type { Progress } from '../chrome/progress-bar';

export interface ActiveRemote {
  app: RemoteAppModule;
  registration: RemoteRegistration;
}

/**
 * Owns the life of each remote on the page: its code is fetched when a route or a prefetch
 * first needs it, `register` runs once, and a failure is forgotten so "Retry" starts afresh.
 */
export function createRemoteRegistry(loader: RemoteLoader, shell: ShellContext, progress?: Progress) {
  const active = new Map<string, Promise<ActiveRemote>>();
  const unmountListeners = new Set<(remoteId: string) => void>();

  function activate(remote: RemoteEntry): Promise<ActiveRemote> {
    let pending = active.get(remote.id);
    if (!pending) {
      progress?.start();
      pending = (async () => {
        const [registerModule, app] = await Promise.all([
          loader.load(remote, 'register'),
          loader.load(remote, 'app'),
        ]);
        const registration = await registerModule.register(shell);
        return { app, registration };
      })();
      active.set(remote.id, pending);
      pending.finally(() => progress?.done()).catch(() => undefined);
      pending.catch((error: unknown) => {
        active.delete(remote.id);
        loader.reset(remote);
        shell.bus.emit('shell:remote-failed', {
          remote: remote.id,
          message: error instanceof Error ? error.message : String(error),
        });
      });
    }
    return pending;
  }

  return {
    activate,
    /** Warm a remote's code without mounting it; failures stay quiet until the route is visited. */
    preload(remote: RemoteEntry) {
      activate(remote).catch(() => undefined);
    },
    /** Called when a remote's app leaves the page: its realtime handlers go with it. */
    onUnmount(listener: (remoteId: string) => void) {
      unmountListeners.add(listener);
    },
    unmounted(remoteId: string) {
      for (const listener of unmountListeners) listener(remoteId);
    },
    /** Forget a remote after it crashed, so the next activation loads and registers it again. */
    release(remoteId: string) {
      const pending = active.get(remoteId);
      active.delete(remoteId);
      pending?.then(({ registration }) => registration.dispose?.()).catch(() => undefined);
    },
  };
}

export type RemoteRegistry = ReturnType<typeof createRemoteRegistry>;
