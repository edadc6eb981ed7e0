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

/** The units deployed on their own; each id is also the folder name and the URL segment. */
export const remoteIds = [
  'mfe-landers',
  'mfe-messaging',
  'mfe-profiles',
  'mfe-billing',
  'mfe-support',
] as const;
export type RemoteId = (typeof remoteIds)[number];

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
  access: Access;
  layout: LayoutName;
  /** Named routes SPEC refers to (index, lander32, milf, login, blog, deactivated, vip). */
  name?: string;
  /** The conversation screen hides the member header bar. */
  hideHeaderBar?: boolean;
}

export interface NavItem {
  label: string;
  to: string;
  /** Where the shell shows it. */
  area: 'header' | 'foldout' | 'footer';
  /** Store-derived badge the shell resolves, e.g. unread messages. */
  badge?: 'unread-messages' | 'new-visitors' | 'unread-favorites';
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
