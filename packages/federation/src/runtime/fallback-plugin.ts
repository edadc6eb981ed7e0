import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteLoadFailure {
  /** e.g. `mfe_landers/app` */
  id: string;
  /** Where it failed: `afterResolve` is the manifest, `onLoad` the code. */
  lifecycle: string;
  message: string;
}

/** The DOM event the shell listens for; a plain event keeps this plugin free of shell imports. */
export const remoteLoadFailedEvent = 'ukd:remote-load-failed';

/**
 * Reports every failed remote load with the lifecycle stage it failed in, then lets the error
 * reach the remote loader, which retries and finally shows the section-unavailable fallback.
 * Returning nothing here (rather than a stand-in module) keeps failure visible to the caller.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ukd-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      const detail: RemoteLoadFailure = {
        id,
        lifecycle,
        message: error instanceof Error ? error.message : String(error),
      };
      globalThis.dispatchEvent?.(new CustomEvent(remoteLoadFailedEvent, { detail }));
      return undefined;
    },
  };
}
