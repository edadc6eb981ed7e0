import { memberPlaces } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { startBrowseCall } from './browse-calls';
import { browseArgs, readSearch } from './pages/dashboard/search-params';

/** A route is listed here only once its page exists. Every page loads on its own. */
export const routes: RemoteRoute[] = [
  {
    path: '/dashboard',
    title: memberPlaces.browse.label,
    access: 'member',
    layout: 'default',
    page: () => import('./pages/dashboard/dashboard-page'),
    data: ({ search, shell }) => startBrowseCall(shell, browseArgs(readSearch(new URLSearchParams(search)))),
  },
  {
    path: '/profile',
    title: 'My profile',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/profile/profile-redirect'),
  },
  {
    path: '/profile/edit',
    title: 'Edit my profile',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/profile-edit/profile-edit-page'),
  },
  {
    path: '/profile/complete',
    title: 'Complete your profile',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/profile-complete/profile-complete-page'),
  },
  {
    path: '/profile/:uuid',
    title: 'Profile',
    access: 'member',
    layout: 'default',
    page: () => import('./pages/profile/profile-page'),
  },
  {
    path: '/my-profile',
    title: memberPlaces.profile.label,
    access: 'member',
    layout: 'default',
    page: () => import('./pages/my-profile/my-profile-page'),
  },
  {
    path: '/my-visitors',
    title: memberPlaces.visitors.label,
    access: 'member',
    layout: 'default',
    page: () => import('./pages/lists/visitors-page'),
  },
  {
    path: '/my-favorites',
    title: memberPlaces.favourites.label,
    access: 'member',
    layout: 'default',
    page: () => import('./pages/lists/favorites-page'),
  },
  {
    path: '/account',
    title: memberPlaces.account.label,
    access: 'member',
    layout: 'default',
    page: () => import('./pages/account/account-page'),
  },
];
