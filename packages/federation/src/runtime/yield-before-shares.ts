import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A new task for the browser: `scheduler.yield()` where there is one, else a zero timeout. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The shell's start was one long task: the federation runtime's init, then every shared module
 * negotiated and the entry's whole module graph evaluated (about 200 ms on Lighthouse's phone,
 * most of `/`'s blocking time). Letting the browser run between the runtime's init and the
 * shared modules' loading splits it in two, so input and paint can come in between (issue 15).
 * Shared modules load concurrently, so this is one yield, not one per module.
 */
export default function yieldBeforeShares(): ModuleFederationRuntimePlugin {
  let yielded: Promise<void> | null = null;
  return {
    name: 'ukd-yield-before-shares',
    async beforeLoadShare(args) {
      yielded ??= yieldToBrowser();
      await yielded;
      return args;
    },
  };
}
