import type { ConsentCategories } from './consent-store';

/** SPEC §7's analytics tag and search-ads tracker, as `GET /api/settings` configures them. */
export interface TagIds {
  analytics_id: string;
  ads_id: string;
}

export const GTAG_ORIGIN = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Loads gtag.js once, the first time a configured tag's category is consented to, and configures
 * each consented id; nothing is requested before that. Withdrawing consent cannot unload a script,
 * so it sets Google's documented opt-out flag for the id and removes the cookies its tags set.
 */
export function createTagLoader(doc: Document = document) {
  const win = doc.defaultView as (Window & Record<string, unknown>) | null;
  const configured = new Set<string>();
  let loaded = false;

  function gtag(...args: unknown[]) {
    if (!win) return;
    win.dataLayer = win.dataLayer ?? [];
    // gtag.js reads the `arguments` object itself, not an array (Google's snippet does the same).
    win.gtag =
      win.gtag ??
      function (this: unknown) {
        // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object
        win.dataLayer?.push(arguments);
      };
    win.gtag(...args);
  }

  function enable(id: string) {
    if (win) win[`ga-disable-${id}`] = false;
    if (configured.has(id)) return;
    configured.add(id);
    if (!loaded) {
      loaded = true;
      gtag('js', new Date());
      const script = doc.createElement('script');
      script.async = true;
      script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
      doc.head.append(script);
    }
    gtag('config', id);
  }

  function disable(id: string) {
    if (!configured.has(id)) return;
    if (win) win[`ga-disable-${id}`] = true;
    for (const cookie of doc.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim() ?? '';
      if (/^(_ga|_gid|_gat|_gcl)/.test(name)) {
        doc.cookie = `${name}=; Max-Age=0; path=/`;
        doc.cookie = `${name}=; Max-Age=0; path=/; domain=.${doc.location.hostname}`;
      }
    }
  }

  return {
    apply(ids: TagIds, consent: ConsentCategories) {
      if (ids.analytics_id) (consent.analytics ? enable : disable)(ids.analytics_id);
      if (ids.ads_id) (consent.advertising ? enable : disable)(ids.ads_id);
    },
  };
}
