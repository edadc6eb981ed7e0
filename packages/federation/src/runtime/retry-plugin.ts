import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const attempts = 3;
const firstDelayMs = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh URL on retry, so a cached error page or a half-written file is not served again. */
function cacheBusted(url: string, attempt: number): string {
  if (attempt === 0) return url;
  const busted = new URL(url, globalThis.location?.href);
  busted.searchParams.set('retry', String(attempt));
  return busted.href;
}

/**
 * Retries a remote's `mf-manifest.json` with backoff when the network or the server fails.
 * A 404 is final (the remote is not deployed there); a 5xx or a dropped connection is not.
 * Script and chunk failures are retried one level up, by the remote loader, which can also
 * clear the runtime's cache of a failed container.
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ukd-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) await wait(firstDelayMs * 2 ** (attempt - 1));
        try {
          const response = await fetch(cacheBusted(url, attempt), { ...init, cache: 'no-cache' });
          if (response.ok || (response.status >= 400 && response.status < 500)) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
