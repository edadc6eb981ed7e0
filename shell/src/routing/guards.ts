import type { RouteDefinition } from '@ukd/contracts';

export interface AccessState {
  pathname: string;
  search: string;
  /** null for a path nobody owns (the 404 page). */
  route: RouteDefinition | null;
  loggedIn: boolean;
  /** A stored token is being checked: guards wait rather than redirect a member to login. */
  checking: boolean;
  deactivated: boolean;
  maintenance: boolean;
}

export type AccessDecision = { action: 'show' } | { action: 'wait' } | { action: 'redirect'; to: string };

const show: AccessDecision = { action: 'show' };
const redirect = (to: string): AccessDecision => ({ action: 'redirect', to });

const SITE_BASE = 'https://site.invalid';

/**
 * Only a same-site path may be a redirect target: `//evil.example`, `/\evil.example`, `https://…`
 * are refused, and so is anything with control characters (browsers drop tabs and newlines, so
 * `/\t/evil.example` would become `//evil.example`) or that resolves to another origin.
 */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(target)) return null;
  try {
    if (new URL(target, SITE_BASE).origin !== SITE_BASE) return null;
  } catch {
    return null;
  }
  return target;
}

/**
 * The guards of SPEC §2 and §4, in order: maintenance, then whether the member is known, then
 * deactivated members, guest-only pages and member pages.
 */
export function decideAccess(state: AccessState): AccessDecision {
  const { pathname, route } = state;
  if (state.maintenance) return pathname === '/maintenance' ? show : redirect('/maintenance');
  if (pathname === '/maintenance') return redirect('/');
  if (!route || route.access === 'public') return show;
  if (state.checking) return { action: 'wait' };

  if (state.loggedIn && state.deactivated && pathname !== '/deactivated') return redirect('/deactivated');
  if (pathname === '/deactivated' && state.loggedIn && !state.deactivated) return redirect('/dashboard');
  if (route.access === 'guest' && state.loggedIn) {
    return redirect(safeRedirect(new URLSearchParams(state.search).get('redirect')) ?? '/dashboard');
  }
  if (route.access === 'member' && !state.loggedIn) {
    return redirect(`/login?redirect=${encodeURIComponent(pathname + state.search)}`);
  }
  return show;
}
