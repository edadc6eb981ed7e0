import type { NavItem } from '@ukd/contracts';

/**
 * This remote's pages in the member's menus (SPEC §2). `register` returns them and the deploy
 * writes them into the site manifest, where the shell reads them; `order` places them among
 * the other remotes' links.
 */
export const nav: NavItem[] = [
  { label: 'Browse', headerLabel: 'Search', to: '/dashboard', area: 'member', order: 10 },
  { label: 'Profile', to: '/my-profile', area: 'member', order: 30 },
  { label: 'Visitors', to: '/my-visitors', area: 'member', order: 40, badge: 'new-visitors' },
  { label: 'Favorites', to: '/my-favorites', area: 'member', order: 50, badge: 'unread-favorites' },
  { label: 'Account settings', to: '/account', area: 'member', order: 70 },
];
