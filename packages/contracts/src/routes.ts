/** Who may open a route: anyone, only visitors (members are sent home), or only members. */
export const accessLevels = ['public', 'guest', 'member'] as const;
export type Access = (typeof accessLevels)[number];

/** The layouts of SPEC §2; the shell owns them and an unknown name falls back to `default`. */
export const layoutNames = [
  'auth',
  'bare',
  'blog',
  'chat',
  'default',
  'error-maintenance',
  'full',
  'fullscreen-footer',
  'guest',
  'guest-no-affiliate',
  'package',
  'survey',
] as const;
export type LayoutName = (typeof layoutNames)[number];

/** The Module Federation container name of a remote (`mfe-landers` -> `mfe_landers`). */
export function containerName(id: string): string {
  return id.replace(/-/g, '_');
}

/** A route a remote owns. The same record feeds the site manifest and the remote's own router. */
export interface RouteDefinition {
  /** react-router path pattern, e.g. `/messages/:id`. */
  path: string;
  /** Page title; the shell renders it as `title - product`. */
  title: string;
  /** The page's `<meta name="description">`; the shell keeps the site's own when absent. */
  description?: string;
  /** The path search engines should index when this one is an alias (`/lander32`); default: itself. */
  canonical?: string;
  access: Access;
  layout: LayoutName;
  /** Named routes SPEC refers to (index, lander32, milf, login, blog, deactivated, vip). */
  name?: string;
  /** The conversation screen hides the member header bar. */
  hideHeaderBar?: boolean;
}

/** Where a nav item shows: the member's header bar (desktop) and its mobile foldout. */
export const navAreas = ['member'] as const;
export type NavArea = (typeof navAreas)[number];

/** Counters from the member's session that a nav item can show as a badge. */
export const navBadges = ['unread-messages', 'new-visitors', 'unread-favorites'] as const;
export type NavBadge = (typeof navBadges)[number];

/** A link to one of a remote's pages in the shell's menus, contributed by that remote. */
export interface NavItem {
  label: string;
  /** A plain site path, so the link works even when the remote that owns it failed to load. */
  to: string;
  area: NavArea;
  /** Menus list items by this, lowest first (SPEC §2 order spans several remotes). */
  order: number;
  /** A shorter or other label for the desktop header bar, where it differs. */
  headerLabel?: string;
  badge?: NavBadge;
}

/** Places in the shell's chrome that a remote can fill with a widget. */
export const slotNames = ['top-bar-promo', 'seasonal-popup'] as const;
export type SlotName = (typeof slotNames)[number];

/** Pages the shell itself owns (ARCHITECTURE.md: auth pages, deactivated, maintenance). */
export const shellRoutes: RouteDefinition[] = [
  { path: '/login', title: 'Log in', access: 'guest', layout: 'auth', name: 'login' },
  { path: '/register', title: 'Create your free account', access: 'guest', layout: 'auth' },
  { path: '/forgot-password', title: 'Forgot your password', access: 'guest', layout: 'auth' },
  { path: '/reset-password', title: 'Choose a new password', access: 'guest', layout: 'auth' },
  { path: '/confirm-email', title: 'Confirm your email', access: 'public', layout: 'auth' },
  { path: '/unsubscribe', title: 'Email preferences', access: 'public', layout: 'auth' },
  {
    path: '/deactivated',
    title: 'Your account is deactivated',
    access: 'member',
    layout: 'auth',
    name: 'deactivated',
  },
  { path: '/maintenance', title: 'Under maintenance', access: 'public', layout: 'error-maintenance' },
];

/**
 * The report-abuse page with its target filled in, for the links remotes put beside what a member
 * sees: a profile, one of its photos, or a message (`?profile=&photo=` / `?message=`). mfe-support
 * reads the same parameters.
 */
export function reportAbuseLink(target: { profile: string; photo?: string } | { message: string }): string {
  const query = new URLSearchParams();
  if ('message' in target) query.set('message', target.message);
  else {
    query.set('profile', target.profile);
    if (target.photo) query.set('photo', target.photo);
  }
  return `/report-abuse?${query}`;
}
