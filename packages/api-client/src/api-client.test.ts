// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createTokenStore } from './token-store';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

function fakeApi(handler: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      const call = {
        url: url.pathname + url.search,
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body:
          init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status, body } = handler(call);
      return new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status });
    }),
  );
  return calls;
}

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({
    baseUrl: '/api',
    siteKey: 'ukdating-site01',
    tokens: createTokenStore(localStorage),
    deviceId: Promise.resolve('device-1'),
    onMaintenance: vi.fn(),
    onSessionExpired: vi.fn(),
    ...overrides,
  });
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the headers of SPEC §7 and the bearer token once logged in', async () => {
    const calls = fakeApi(() => ({ status: 200, body: { data: { ok: true } } }));
    const api = client();
    await api.request('/settings', { auth: false });
    api.tokens.save({ access_token: 'A1', refresh_token: 'R1' });
    await api.request('/me', { method: 'POST', query: { include: 'photos', skip: undefined } });
    expect(calls[0]?.headers).toMatchObject({
      Accept: 'application/json',
      'Site-key': 'ukdating-site01',
      'Device-ID': 'device-1',
    });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.url).toBe('/api/me?include=photos');
    expect(calls[1]?.headers.Authorization).toBe('Bearer A1');
    expect(localStorage.getItem('auth._token.local')).toBe('Bearer A1');
  });

  it('passes extra headers through, without letting them replace the site headers', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { data: { id: 1 } } }));
    const api = client();
    await api.request('/user-conversations/c1/messages', {
      method: 'POST',
      body: { type: 'wink' },
      headers: { 'X-Socket-ID': '123.456', 'Site-key': 'forged' },
    });
    expect(calls[0]?.headers).toMatchObject({ 'X-Socket-ID': '123.456', 'Site-key': 'ukdating-site01' });
  });

  it('refreshes once for concurrent 401s and retries with the new token', async () => {
    let refreshes = 0;
    const calls = fakeApi(({ url, headers, body }) => {
      if (url === '/api/refresh') {
        refreshes++;
        expect(body).toEqual({ refresh_token: 'R1' });
        return { status: 200, body: { data: { access_token: 'A2', refresh_token: 'R2' } } };
      }
      return headers.Authorization === 'Bearer A2' ? { status: 200, body: { data: 1 } } : { status: 401 };
    });
    const api = client();
    api.tokens.save({ access_token: 'A1', refresh_token: 'R1' });
    await Promise.all([api.request('/me'), api.request('/notifications/count')]);
    expect(refreshes).toBe(1);
    expect(api.tokens.refresh()).toBe('R2');
    expect(calls.filter((c) => c.headers.Authorization === 'Bearer A2')).toHaveLength(2);
  });

  it('clears the tokens and reports an expired session when the refresh is refused', async () => {
    fakeApi(({ url }) => (url === '/api/refresh' ? { status: 401 } : { status: 401 }));
    const onSessionExpired = vi.fn();
    const api = client({ onSessionExpired });
    api.tokens.save({ access_token: 'A1', refresh_token: 'R1' });
    await expect(api.request('/me')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(api.tokens.access()).toBeNull();
  });

  it('turns a 422 into per-field first messages, and a 503 into maintenance', async () => {
    fakeApi(({ url }) =>
      url === '/api/register'
        ? {
            status: 422,
            body: { message: 'Invalid', errors: { email: ['The email has already been taken.', 'x'] } },
          }
        : { status: 503, body: { message: 'Maintenance' } },
    );
    const onMaintenance = vi.fn();
    const api = client({ onMaintenance });
    const error = await api.request('/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'The email has already been taken.' });
    await expect(api.request('/me')).rejects.toMatchObject({ status: 503 });
    expect(onMaintenance).toHaveBeenCalledOnce();
  });
  it('starts its hooks only after the caller’s synchronous code has finished', async () => {
    // React effects call the API; a hook that updated a store inside the effect flush could make
    // React commit the shell's tree twice (#177). The hooks must wait for the caller to return.
    fakeApi(() => ({ status: 200, body: { data: 1 } }));
    const events: string[] = [];
    const api = client({
      onRequestStart: () => events.push('start'),
      onRequestEnd: () => events.push('end'),
    });
    const done = api.request('/settings', { auth: false });
    events.push('caller returned');
    await done;
    expect(events).toEqual(['caller returned', 'start', 'end']);
  });
});

describe('api client bodies and background calls', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a FormData body as it is, letting the browser set the multipart Content-Type', async () => {
    const calls = fakeApi(() => ({ status: 201, body: { data: { id: 1 } } }));
    const api = client();
    api.tokens.save({ access_token: 'A1', refresh_token: 'R1' });
    const form = new FormData();
    form.set('type', 'image');
    await api.request('/user-conversations/c1/messages', { method: 'POST', body: form });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
    expect(calls[0]?.headers.Authorization).toBe('Bearer A1');
    await api.request('/me', { method: 'POST', body: { a: 1 } });
    expect(calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ a: 1 });
  });

  it('runs no start/end hooks for a background call', async () => {
    fakeApi(() => ({ status: 200, body: { data: 1 } }));
    const events: string[] = [];
    const api = client({
      onRequestStart: () => events.push('start'),
      onRequestEnd: () => events.push('end'),
    });
    await api.request('/onlines/count', { auth: false, background: true });
    expect(events).toEqual([]);
    await api.request('/onlines/count', { auth: false });
    expect(events).toEqual(['start', 'end']);
  });
});

describe('toFailure', () => {
  it('reads an API answer as it came and anything else as no answer', async () => {
    const { toFailure } = await import('./api-error');
    expect(toFailure(new ApiError(422, 'Invalid', { email: ['taken', 'x'] }))).toEqual({
      status: 422,
      message: 'Invalid',
      fieldErrors: { email: 'taken' },
    });
    expect(toFailure(new TypeError('Failed to fetch'))).toEqual({
      status: 0,
      message: 'Not sent: check your connection.',
      fieldErrors: {},
    });
  });

  it('reads the error RTK Query hands back from the base query the same way', async () => {
    const { toFailure } = await import('./api-error');
    const fromBaseQuery = { status: 404, message: 'Not Found', fieldErrors: {} };
    expect(toFailure(fromBaseQuery)).toEqual(fromBaseQuery);
    expect(toFailure({ status: 422, message: 'Invalid' })).toEqual({
      status: 422,
      message: 'Invalid',
      fieldErrors: {},
    });
  });
});

describe('isApiError', () => {
  it('recognises an ApiError thrown by another bundle’s copy of the class', async () => {
    const { isApiError } = await import('./api-error');
    class ForeignApiError extends Error {
      readonly status = 422;
      readonly fieldErrors = { email: 'taken' };
      constructor() {
        super('Invalid');
        this.name = 'ApiError';
      }
    }
    expect(isApiError(new ForeignApiError())).toBe(true);
    expect(isApiError(new ApiError(500, 'x'))).toBe(true);
    expect(isApiError(new Error('plain'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 422, fieldErrors: {} })).toBe(false);
  });
});
