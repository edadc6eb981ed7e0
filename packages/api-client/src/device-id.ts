import { browserStorage } from './browser-storage';

const storedKey = 'device.id';
const deviceIdShape = /^[0-9a-f]{32}$/;

/**
 * SPEC §3: the Device-ID header is a hash of browser fingerprint components, computed when the
 * browser is idle or after 500 ms at the latest (SPEC §9), so it never delays the first paint.
 * The time zone counts by its offset only: naming it (`Intl.DateTimeFormat().resolvedOptions()`)
 * loads the browser's locale data, about a quarter of a second of main thread on a phone as Lighthouse models one, for a site
 * whose members nearly all share Europe/London.
 *
 * Every API call carries the header, so waiting for an idle moment held a returning member's
 * first calls (the session check, the page's data) until the page's scripts had run. The last
 * id computed is kept, and a later visit sends it at once while the new one is computed.
 */
export function computeDeviceId(storage: Storage = browserStorage('local')): Promise<string> {
  const computed = new Promise<string>((resolve) => {
    const run = async () => {
      const nav = navigator as Navigator & { deviceMemory?: number };
      const parts = [
        nav.userAgent,
        nav.language,
        (nav.languages ?? []).join(','),
        String(nav.hardwareConcurrency ?? ''),
        String(nav.deviceMemory ?? ''),
        `${screen.width}x${screen.height}x${screen.colorDepth}`,
        String(new Date().getTimezoneOffset()),
      ].join('|');
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts));
      const id = [...new Uint8Array(digest)]
        .slice(0, 16)
        .map((byte) => byte.toString(16).padStart(2, '0'))
        .join('');
      storage.setItem(storedKey, id);
      resolve(id);
    };
    if ('requestIdleCallback' in globalThis) requestIdleCallback(() => void run(), { timeout: 500 });
    else setTimeout(() => void run(), 0);
  });
  const stored = storage.getItem(storedKey);
  return stored && deviceIdShape.test(stored) ? Promise.resolve(stored) : computed;
}
