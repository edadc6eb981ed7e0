import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { landers } from './landers/catalog';

const landerPage = () => import('./pages/lander-page');

export const routes: RemoteRoute[] = [
  {
    path: '/',
    title: 'Chat, flirt and meet UK adults',
    access: 'guest',
    layout: 'guest',
    name: 'index',
    page: () => import('./pages/home-page'),
  },
  ...landers.flatMap((lander) =>
    lander.paths.map(
      (path): RemoteRoute => ({
        path,
        title: lander.title,
        access: 'guest',
        layout: 'guest-no-affiliate',
        ...(lander.name ? { name: lander.name } : {}),
        page: landerPage,
      }),
    ),
  ),
];
