// @vitest-environment happy-dom
import type { ApiClient } from '@ukd/api-client';
import type { User } from '@ukd/contracts/api';
import type { AppDispatch } from '@ukd/store';
import { describe, expect, it, vi } from 'vitest';
import { createSessionService } from './session-service';

function fakeApi(member: Partial<User>) {
  let stored = false;
  const api = {
    request: vi.fn(async (path: string) => {
      if (path === '/login' || path === '/register')
        return { data: { access_token: 'a', refresh_token: 'r' } };
      if (path === '/me') return { data: { uuid: 'me', deactivated: false, ...member } };
      return {};
    }),
    tokens: {
      save: () => {
        stored = true;
      },
      clear: () => {
        stored = false;
      },
      access: () => (stored ? 'a' : null),
      refresh: () => (stored ? 'r' : null),
    },
    refreshTokens: vi.fn(),
  };
  return api as unknown as ApiClient;
}

describe('session service', () => {
  it('starts the member session on login and stops it on logout', async () => {
    const stop = vi.fn();
    const start = vi.fn(async () => stop);
    const session = createSessionService(fakeApi({}), vi.fn() as unknown as AppDispatch, start);
    expect(await session.login('me@example.com', 'secret')).toBe(true);
    expect(start).toHaveBeenCalledOnce();
    await session.reloadUser();
    expect(start).toHaveBeenCalledOnce();
    await session.logout();
    await vi.waitFor(() => expect(stop).toHaveBeenCalledOnce());
  });

  it('starts none for a deactivated member, and stops it when the tokens expire', async () => {
    const start = vi.fn(async () => vi.fn());
    const deactivated = createSessionService(fakeApi({ deactivated: true }), vi.fn() as never, start);
    await deactivated.login('me@example.com', 'secret');
    expect(start).not.toHaveBeenCalled();

    const stop = vi.fn();
    const session = createSessionService(fakeApi({}), vi.fn() as never, async () => stop);
    await session.login('me@example.com', 'secret');
    session.expired();
    await vi.waitFor(() => expect(stop).toHaveBeenCalledOnce());
  });

  it('sends where the visitor came from with the registration, unless the form brings its own', async () => {
    const api = fakeApi({});
    const session = createSessionService(api, vi.fn() as never, undefined, () => ({
      s1: 'fb',
      gclid: 'abc',
    }));
    const details = {
      username: 'jo',
      email: 'jo@example.com',
      password: 'Correct-Horse-42',
      password_confirmation: 'Correct-Horse-42',
      gender: 'female' as const,
      date_of_birth: '1990-01-01',
      city: 'Leeds',
      terms: true,
      captcha: 'test-pass',
    };
    await session.register(details);
    expect(api.request).toHaveBeenCalledWith('/register', {
      method: 'POST',
      body: { ...details, tracking: { s1: 'fb', gclid: 'abc' } },
      auth: false,
    });
    await session.register({ ...details, tracking: { s1: 'lander-form' } });
    expect(api.request).toHaveBeenLastCalledWith('/me', expect.anything());
    const registers = vi.mocked(api.request).mock.calls.filter(([path]) => path === '/register');
    expect(registers[1]?.[1]).toMatchObject({ body: { tracking: { s1: 'lander-form' } } });
  });
});
