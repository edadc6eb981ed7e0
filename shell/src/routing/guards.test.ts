import type { RouteDefinition } from '@ukd/contracts';
import { describe, expect, it } from 'vitest';
import { type AccessState, decideAccess, safeRedirect } from './guards';

const route = (access: RouteDefinition['access']): RouteDefinition => ({
  path: '/x',
  title: 'X',
  access,
  layout: 'default',
});
const visitor: AccessState = {
  pathname: '/messages',
  search: '?tab=unread',
  route: route('member'),
  loggedIn: false,
  checking: false,
  deactivated: false,
  maintenance: false,
};
const member = { ...visitor, loggedIn: true };

describe('decideAccess', () => {
  it('sends a visitor on a member page to login, remembering where they were going', () => {
    expect(decideAccess(visitor)).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fmessages%3Ftab%3Dunread',
    });
  });

  it('waits while a stored token is checked instead of bouncing a member to login', () => {
    expect(decideAccess({ ...visitor, checking: true })).toEqual({ action: 'wait' });
  });

  it('sends a member away from guest-only pages: to the redirect target, else the dashboard', () => {
    const login = { ...member, pathname: '/login', route: route('guest') };
    expect(decideAccess({ ...login, search: '?redirect=%2Faccount' })).toEqual({
      action: 'redirect',
      to: '/account',
    });
    expect(decideAccess({ ...login, search: '' })).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(decideAccess({ ...login, search: '?redirect=//evil.example' })).toEqual({
      action: 'redirect',
      to: '/dashboard',
    });
  });

  it('keeps a deactivated member on /deactivated', () => {
    expect(decideAccess({ ...member, deactivated: true })).toEqual({
      action: 'redirect',
      to: '/deactivated',
    });
    expect(decideAccess({ ...member, deactivated: true, pathname: '/deactivated' })).toEqual({
      action: 'show',
    });
  });

  it('sends every page to /maintenance during maintenance, and /maintenance home otherwise', () => {
    expect(decideAccess({ ...member, maintenance: true })).toEqual({
      action: 'redirect',
      to: '/maintenance',
    });
    expect(decideAccess({ ...visitor, route: null, pathname: '/nope', maintenance: true })).toEqual({
      action: 'redirect',
      to: '/maintenance',
    });
    expect(decideAccess({ ...visitor, pathname: '/maintenance', maintenance: true })).toEqual({
      action: 'show',
    });
    expect(decideAccess({ ...visitor, pathname: '/maintenance', route: route('public') })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('shows public pages and the 404 to everyone', () => {
    expect(decideAccess({ ...visitor, route: route('public') })).toEqual({ action: 'show' });
    expect(decideAccess({ ...visitor, route: null })).toEqual({ action: 'show' });
  });
});

describe('safeRedirect', () => {
  it('accepts site paths only', () => {
    expect(safeRedirect('/account?x=1')).toBe('/account?x=1');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('refuses open redirects in disguise (issue #13: /login?redirect= only same-site paths)', () => {
    for (const target of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r//evil.example',
      'javascript:alert(1)',
      ' /account',
      'evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBeNull();
    }
    expect(safeRedirect('/messages/123?tab=all#last')).toBe('/messages/123?tab=all#last');
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
