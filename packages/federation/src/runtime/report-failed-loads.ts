import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Reports every failed remote load with the lifecycle stage it failed in (`afterResolve` is the
 * manifest, `onLoad` the code), which only the runtime knows, then lets the error reach the
 * remote loader, the one layer that retries, and finally the section-unavailable fallback.
 * Returning nothing here (rather than a stand-in module) keeps the failure visible to the caller.
 */
export default function reportFailedLoads(): ModuleFederationRuntimePlugin {
  return {
    name: 'ukd-report-failed-loads',
    async errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[federation] ${id} failed at ${lifecycle}: ${message}`);
      return undefined;
    },
  };
}
