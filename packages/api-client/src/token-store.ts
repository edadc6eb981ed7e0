import { browserStorage } from './browser-storage';

/**
 * Where the member's tokens live between visits. SPEC §9: storage prefix `auth.`, token prefix
 * `_token.`, strategy `local` — so the access token is `auth._token.local`.
 */
export const strategy = 'local';
const accessKey = `auth._token.${strategy}`;
const refreshKey = `auth._refresh_token.${strategy}`;
const strategyKey = 'auth.strategy';

export interface TokenStore {
  access(): string | null;
  refresh(): string | null;
  save(tokens: { access_token: string; refresh_token: string }): void;
  clear(): void;
}

/** In localStorage, or in memory when the browser blocks storage (the session then lasts the tab's life). */
export function createTokenStore(storage: Storage = browserStorage('local')): TokenStore {
  return {
    access: () => storage.getItem(accessKey)?.replace(/^Bearer /, '') ?? null,
    refresh: () => storage.getItem(refreshKey),
    save({ access_token, refresh_token }) {
      storage.setItem(accessKey, `Bearer ${access_token}`);
      storage.setItem(refreshKey, refresh_token);
      storage.setItem(strategyKey, strategy);
    },
    clear() {
      storage.removeItem(accessKey);
      storage.removeItem(refreshKey);
    },
  };
}
