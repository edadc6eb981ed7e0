import type { ApiRequest, ApiRequestOptions } from '@ukd/contracts';
import { ApiError } from './api-error';
import type { TokenStore } from './token-store';

export interface ApiClientOptions {
  /** Base path of the JSON API, e.g. `/api`. */
  baseUrl: string;
  /** The site's fixed public key (SPEC §9), sent as `Site-key`. */
  siteKey: string;
  tokens: TokenStore;
  deviceId: Promise<string>;
  /** SPEC §8: any 503 sends the site to /maintenance. */
  onMaintenance(): void;
  /** The refresh token was refused: the member has to log in again. */
  onSessionExpired(): void;
  /** SPEC §5: validation errors clear before each request. */
  onRequestStart?(): void;
  onRequestEnd?(): void;
}

export type RequestOptions = ApiRequestOptions;

export interface ApiClient {
  request: ApiRequest;
  /** Exchange the refresh token for a new pair; concurrent callers share one exchange. */
  refreshTokens(): Promise<boolean>;
  tokens: TokenStore;
}

/**
 * The one way the site talks to the API: the headers of SPEC §7, a single-flight token refresh
 * on 401, and failures turned into `ApiError`s (per-field messages on 422, maintenance on 503).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, siteKey, tokens } = options;
  let refreshing: Promise<boolean> | null = null;

  async function send(path: string, init: RequestOptions, token: string | null): Promise<Response> {
    const url = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, globalThis.location?.origin);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      ...init.headers,
      Accept: 'application/json',
      'Site-key': siteKey,
      'Device-ID': await options.deviceId,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    // A FormData body (uploads) sets its own multipart Content-Type with the boundary.
    const form = init.body instanceof FormData;
    if (init.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    return fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? null : form ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
  }

  async function refreshTokens(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = tokens.refresh();
      if (!refreshToken) return false;
      try {
        const response = await send(
          '/refresh',
          { method: 'POST', body: { refresh_token: refreshToken } },
          null,
        );
        if (!response.ok) return false;
        const { data } = (await response.json()) as { data: { access_token: string; refresh_token: string } };
        tokens.save(data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    // Most calls come from React effects, and the hooks update stores React reads through
    // useSyncExternalStore (progress bar, form errors). Run synchronously inside React's flush of
    // passive effects, such an update re-renders and commits the shell's root right there, and if
    // that flush was itself started by a commit of the same root, React 19 commits one tree twice
    // ("Cannot commit the same tree as before", #177). One microtask later React is done.
    await Promise.resolve();
    // Background calls (polls, catch-ups) neither show progress nor clear a form's errors.
    const hooks = !init.background;
    if (hooks) options.onRequestStart?.();
    try {
      const useAuth = init.auth ?? true;
      let response = await send(path, init, useAuth ? tokens.access() : null);
      if (response.status === 401 && useAuth && tokens.refresh()) {
        if (await refreshTokens()) response = await send(path, init, tokens.access());
        else {
          tokens.clear();
          options.onSessionExpired();
        }
      }
      if (response.status === 503) options.onMaintenance();
      if (response.status === 204) return undefined as T;
      const body = (await response.json().catch(() => ({}))) as {
        message?: string;
        errors?: Record<string, string[]>;
      };
      if (!response.ok) {
        throw new ApiError(response.status, body.message ?? response.statusText, body.errors);
      }
      return body as T;
    } finally {
      if (hooks) options.onRequestEnd?.();
    }
  }

  return { request, refreshTokens, tokens };
}
