import type { RealtimeAccess } from '@ukd/contracts';
import type { Realtime } from '@ukd/realtime';

export interface DeferredRealtime extends RealtimeAccess {
  /** The connection itself, loading its code on first use. */
  instance(): Promise<Realtime>;
  /** Everything a remote subscribed to goes, including subscriptions still waiting for the code. */
  disposeOwner(owner: string): void;
}

/**
 * The realtime connection's code is members-only, so the first load carries just this: calls
 * made before the code arrives wait for it, and disposing them before then cancels them.
 */
export function createDeferredRealtime(load: () => Promise<Realtime>): DeferredRealtime {
  let loading: Promise<Realtime> | null = null;
  let loaded: Realtime | null = null;
  const waiting = new Map<string, Set<() => void>>();
  const instance = () => {
    loading ??= load().then((realtime) => {
      loaded = realtime;
      return realtime;
    });
    return loading;
  };

  return {
    instance,
    subscribe(owner, channel, event, handler, hooks) {
      if (loaded) return loaded.subscribe(owner, channel, event, handler, hooks);
      let dispose: (() => void) | null = null;
      let cancelled = false;
      const cancel = () => {
        cancelled = true;
        dispose?.();
      };
      const pending = waiting.get(owner) ?? new Set();
      pending.add(cancel);
      waiting.set(owner, pending);
      void instance().then((realtime) => {
        pending.delete(cancel);
        if (!cancelled) dispose = realtime.subscribe(owner, channel, event, handler, hooks);
      });
      return cancel;
    },
    onReconnect(handler) {
      let dispose: (() => void) | null = null;
      let cancelled = false;
      void instance().then((realtime) => {
        if (!cancelled) dispose = realtime.onReconnect(handler);
      });
      return () => {
        cancelled = true;
        dispose?.();
      };
    },
    socketId: () => loaded?.socketId(),
    disposeOwner(owner) {
      for (const cancel of waiting.get(owner) ?? []) cancel();
      waiting.delete(owner);
      loaded?.disposeOwner(owner);
    },
  };
}
