// @vitest-environment happy-dom
import { createApiClient, createTokenStore, resetBrowserStorage } from '@ukd/api-client';
import type { AppDispatch } from '@ukd/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceForChunkError } from '../errors/chunk-reload';
import { createSessionService } from './session-service';

const refuse = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};
const blocked = ['localStorage', 'sessionStorage'] as const;
const originals = new Map<string, PropertyDescriptor | undefined>();

beforeEach(() => {
  // What a browser with cookies and site data blocked does: touching the storages throws.
  for (const name of blocked) {
    originals.set(name, Object.getOwnPropertyDescriptor(window, name));
    Object.defineProperty(window, name, { configurable: true, get: refuse });
  }
  resetBrowserStorage();
});
afterEach(() => {
  for (const name of blocked) {
    const original = originals.get(name);
    if (original) Object.defineProperty(window, name, original);
  }
  resetBrowserStorage();
  vi.unstubAllGlobals();
});

describe('the shell with storage blocked (issue #13: it rendered a blank page)', () => {
  it('boots its API client, logs in, restores and logs out, keeping the tokens in memory', async () => {
    expect(() => window.localStorage).toThrow();
    const fetch = vi.fn(async (url: URL | string) => {
      const path = new URL(String(url)).pathname;
      const body =
        path === '/api/login'
          ? {
              data: {
                access_token: 'access',
                refresh_token: 'refresh',
                token_type: 'bearer',
                expires_in: 600,
              },
            }
          : path === '/api/me'
            ? { data: { uuid: 'me', username: 'me', deactivated: false } }
            : { message: 'ok' };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const api = createApiClient({
      baseUrl: '/api',
      siteKey: 'ukdating-site01',
      tokens: createTokenStore(),
      deviceId: Promise.resolve('device'),
      onMaintenance: vi.fn(),
      onSessionExpired: vi.fn(),
    });
    const dispatch = vi.fn() as unknown as AppDispatch;
    const session = createSessionService(api, dispatch);

    expect(await session.login('me@example.com', 'Correct-Horse-42')).toBe(true);
    expect(api.tokens.access()).toBe('access');
    // The stored token authenticates the next request.
    const me = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/me'));
    expect(me).toBeDefined();
    await session.restore();
    expect(api.tokens.refresh()).toBe('refresh');

    await expect(session.logout()).resolves.toBeUndefined();
    expect(api.tokens.access()).toBeNull();
  });

  it('still reloads once for a stale chunk, and not in a loop', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const error = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    expect(() => reloadOnceForChunkError(error)).not.toThrow();
  });
});
