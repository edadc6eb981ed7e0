import type { RealtimeAccess } from '@ukd/contracts';
import type { Realtime } from '@ukd/realtime';

export interface DeferredRealtime {
  /** The connection itself, loading its code on first use. */
  instance(): Promise<Realtime>;
  /** What `owner` (the shell, a remote, one mounted page or widget) may do on the connection. */
  owned(owner: string): RealtimeAccess;
  /** Everything `owner` added goes, including what still waits for the code. */
  disposeOwner(owner: string): void;
}

/**
 * The realtime connection's code is members-only, so the first load carries just this: calls
 * made before the code arrives wait for it, and disposing their owner before then cancels them.
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

  /** Runs `attach` on the connection now or once it loads; the returned function undoes it either way. */
  function whenLoaded(owner: string, attach: (realtime: Realtime) => () => void): () => void {
    if (loaded) return attach(loaded);
    let detach: (() => void) | null = null;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      detach?.();
    };
    const pending = waiting.get(owner) ?? new Set<() => void>();
    pending.add(cancel);
    waiting.set(owner, pending);
    void instance().then((realtime) => {
      pending.delete(cancel);
      if (!cancelled) detach = attach(realtime);
    });
    return cancel;
  }

  return {
    instance,
    owned(owner) {
      return {
        subscribe: (channel, event, handler, hooks) =>
          whenLoaded(owner, (realtime) => realtime.owned(owner).subscribe(channel, event, handler, hooks)),
        listenForWhisper: (channel, event, handler) =>
          whenLoaded(owner, (realtime) => realtime.owned(owner).listenForWhisper(channel, event, handler)),
        onReconnect: (handler) => whenLoaded(owner, (realtime) => realtime.owned(owner).onReconnect(handler)),
        // Typing before the connection exists has nobody to reach: dropped, not queued.
        whisper: (channel, event, data) => loaded?.whisper(channel, event, data),
        socketId: () => loaded?.socketId(),
      };
    },
    disposeOwner(owner) {
      for (const cancel of waiting.get(owner) ?? []) cancel();
      waiting.delete(owner);
      loaded?.disposeOwner(owner);
    },
  };
}
