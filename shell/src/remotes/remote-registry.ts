import type {
  EventBus,
  NavArea,
  NavItem,
  RemoteAppModule,
  RemoteAppProps,
  RemoteEntry,
  RemoteRegistration,
  ShellContext,
  SlotName,
} from '@ukd/contracts';
import type { RemoteLoader } from '@ukd/federation/remote-loader';
import type { Progress } from '../chrome/progress-bar';
import type { RemoteContexts } from './remote-context';

export interface ActiveRemote {
  app: RemoteAppModule;
  registration: RemoteRegistration;
}

/** One page or widget of a remote on the page, with a shell context of its own. */
export interface RemoteMount {
  /** The parcel's name, unique on the page; also the owner of what it subscribes to. */
  name: string;
  shell: ShellContext;
  /** What single-spa gives the page or widget it mounts in `domElement` (its parcel's props). */
  parcelProps(domElement: HTMLElement, onCrash: (error: Error) => void): ParcelProps;
  /** The mount left the page: what it subscribed to goes with it. */
  release(): void;
}

/** A parcel's props: the remote's own (`RemoteAppProps`) and single-spa's. */
export interface ParcelProps extends RemoteAppProps {
  domElement: HTMLElement;
  name: string;
}

export interface RemoteRegistryOptions {
  /** The site manifest's remotes: which exist, where their code is, what they own. */
  remotes: readonly RemoteEntry[];
  loader: RemoteLoader;
  contexts: RemoteContexts;
  bus: EventBus;
  progress?: Progress;
}

let mountCount = 0;

/**
 * Owns the life of each remote on the page: its code is fetched when a route or a slot first
 * needs it, `register` runs once with a context bound to the remote, and a
 * failure is forgotten so "Retry" starts afresh. It also answers what the manifest says about
 * remotes that need not be loaded to know: who fills a slot, which member pages they link.
 */
export function createRemoteRegistry({ remotes, loader, contexts, bus, progress }: RemoteRegistryOptions) {
  const active = new Map<string, Promise<ActiveRemote>>();

  /** `onApp`: the remote's app module as soon as it is there, before `register` has run. */
  function activate(remote: RemoteEntry, onApp?: (app: RemoteAppModule) => void): Promise<ActiveRemote> {
    const current = active.get(remote.id);
    if (current) {
      if (onApp) current.then(({ app }) => onApp(app)).catch(() => undefined);
      return current;
    }
    progress?.start();
    const pending = (async () => {
      const { register, app } = await loader.load(remote, onApp);
      const registration = await register.register(contexts.shellFor(remote.id));
      return { app, registration };
    })();
    active.set(remote.id, pending);
    pending.finally(() => progress?.done()).catch(() => undefined);
    pending.catch((error: unknown) => {
      // Forget this activation only: a crash may already have let it go for a newer one.
      if (active.get(remote.id) !== pending) return;
      active.delete(remote.id);
      loader.reset(remote);
      contexts.release(remote.id);
      bus.emit('shell:remote-failed', {
        remote: remote.id,
        message: error instanceof Error ? error.message : String(error),
      });
    });
    return pending;
  }

  return {
    activate,
    /**
     * The member's "Retry": a load already under way (a slot's, begun while the remote was still
     * down) may yet work and is waited for, but if it fails the remote is loaded afresh
     * rather than the click ending in the failure it joined.
     */
    async retry(remote: RemoteEntry): Promise<ActiveRemote> {
      const current = active.get(remote.id);
      if (current) {
        try {
          return await current;
        } catch {
          // Forgotten by now: its own handler ran first.
        }
      }
      return activate(remote);
    },
    /** Whether the remote's code is loaded, or on its way, on this page. */
    isActive(remote: RemoteEntry): boolean {
      return active.has(remote.id);
    },
    /** The remote the manifest names for `slot`, if any. */
    ownerOf(slot: SlotName): RemoteEntry | undefined {
      return remotes.find((remote) => remote.slots?.includes(slot));
    },
    /** Every remote's links for `area`, in the order they declare, whether or not their code loads. */
    nav(area: NavArea): NavItem[] {
      return remotes
        .flatMap((remote) => remote.nav ?? [])
        .filter((item) => item.area === area)
        .sort((a, b) => a.order - b.order);
    },
    /** A context for one page or widget of `remote`, named for single-spa (`part`: the slot). */
    mount(remote: RemoteEntry, part?: string): RemoteMount {
      const name = `${remote.id}${part ? `:${part}` : ''}#${++mountCount}`;
      const shell = contexts.shellFor(name);
      return {
        name,
        shell,
        parcelProps: (domElement, onCrash) => ({ domElement, name, shell, basename: '/', onCrash }),
        release: () => contexts.release(name),
      };
    },
    /** Forget a remote after it crashed, so the next activation loads and registers it again. */
    release(remoteId: string) {
      const pending = active.get(remoteId);
      active.delete(remoteId);
      pending?.then(({ registration }) => registration.dispose?.()).catch(() => undefined);
      contexts.release(remoteId);
    },
  };
}

export type RemoteRegistry = ReturnType<typeof createRemoteRegistry>;
