import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The shell's one federation runtime plugin (one plugin, not two: it ships in the first load of
 * `/`, which has no bytes to spare).
 *
 * `errorLoadRemote` reports every failed remote load with the lifecycle stage it failed in
 * (`afterResolve` is the manifest, `onLoad` the code), which only the runtime knows, then lets
 * the error reach the remote loader, the one layer that retries, and finally the
 * section-unavailable fallback. Returning nothing (rather than a stand-in module) keeps the
 * failure visible to the caller.
 *
 * `beforeLoadShare` gives the browser a turn, once, between the runtime's init and the shared
 * modules' loading. The shell's start was one long task (the init, every shared module
 * negotiated, the entry's module graph evaluated: about 200 ms on Lighthouse's phone, most of
 * `/`'s blocking time); shared modules load concurrently, so one zero timeout splits it in two.
 */
export default function shellRuntime(): ModuleFederationRuntimePlugin {
  let turn: Promise<unknown> | undefined;
  return {
    name: 'ukd',
    async errorLoadRemote({ id, error, lifecycle }) {
      console.warn('[federation]', id, lifecycle, error);
    },
    async beforeLoadShare(args) {
      turn ??= new Promise((resolve) => setTimeout(resolve));
      await turn;
      return args;
    },
  };
}
