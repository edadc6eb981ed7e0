import { memberPlaces, type NavItem } from '@ukd/contracts';

/**
 * This remote's pages in the member's menus (SPEC §2). `register` returns them and the deploy
 * writes them into the site manifest, where the shell reads them; `order` places them among
 * the other remotes' links.
 */
export const nav: NavItem[] = [
  { ...memberPlaces.messages, area: 'member', order: 20, badge: 'unread-messages' },
];
