import { type NavItem, memberPlaces as places } from '@ukd/contracts';

/**
 * This remote's pages in the member's menus (SPEC §2). `register` returns them and the deploy
 * writes them into the site manifest, where the shell reads them; `order` places them among
 * the other remotes' links.
 */
export const nav: NavItem[] = [
  { ...places.browse, area: 'member', order: 10 },
  { ...places.profile, area: 'member', order: 30 },
  { ...places.visitors, area: 'member', order: 40, badge: 'new-visitors' },
  { ...places.favourites, area: 'member', order: 50, badge: 'unread-favorites' },
  { ...places.account, area: 'member', order: 70 },
];
