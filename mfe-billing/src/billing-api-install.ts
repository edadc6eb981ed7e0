import type { ShellContext } from '@ukd/contracts';

/*
 * Billing's public pages (/how-to-pay, /prices) are linked from the footer, so visitors warm this
 * remote's `register` and `app` on many pages. RTK Query is member code the shell has not loaded
 * for them, so `register` must not import it: the pages and the widget that call the API install
 * it as their own code loads, and a visitor who only prefetched billing downloads none of it.
 */

let shell: ShellContext | null = null;
let installed: Promise<void> | null = null;

/** `register` hands over the remote's shell context; nothing loads until a page needs the API. */
export function provideShell(context: ShellContext): void {
  shell = context;
}

function installBillingApi(): Promise<void> {
  installed ??= Promise.all([import('@ukd/api-client/rtk'), import('./billing-api')])
    .then(([{ baseApi }]) => shell?.installBaseApi(baseApi))
    .catch((error: unknown) => {
      installed = null; // a failed chunk may load on the next try
      throw error;
    });
  return installed;
}

/** A lazy loader whose module renders only once RTK Query and billing's endpoints are in the store. */
export function withBillingApi<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), installBillingApi()]);
    return module;
  };
}
