import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Reports every failed remote load with the lifecycle stage it failed in (`afterResolve` is the
 * manifest, `onLoad` the code), which only the runtime knows, then lets the error reach the
 * remote loader, which retries and finally shows the section-unavailable fallback. Returning
 * nothing here (rather than a stand-in module) keeps the failure visible to the caller.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ukd-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[federation] ${id} failed at ${lifecycle}: ${message}`);
      return undefined;
    },
  };
}
