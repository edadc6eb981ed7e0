/**
 * The member area's places, named once (issue 17): the shell's header bar and foldout, each
 * remote's menu entries and tabs, page headings and titles all take their words from here, so a
 * place is never "Search" in one spot and "Browse" in another. UK English ("Favourites"); the
 * paths are SPEC §2's and stay as they are (`/my-favorites`).
 */
export const memberPlaces = {
  browse: { label: 'Browse', to: '/dashboard' },
  messages: { label: 'Messages', to: '/messages' },
  profile: { label: 'My profile', to: '/my-profile' },
  visitors: { label: 'Visitors', to: '/my-visitors' },
  favourites: { label: 'Favourites', to: '/my-favorites' },
  buyCredits: { label: 'Buy credits', to: '/credits/buy' },
  account: { label: 'Account', to: '/account' },
} as const;

export type MemberPlace = keyof typeof memberPlaces;
