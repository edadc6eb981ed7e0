import { createRemoteApp } from '@ukd/federation/remote-app';
import { landerPage, landerPatterns, pageRoutes } from './page-routes';

export const { bootstrap, mount, unmount, preload } = createRemoteApp([
  ...pageRoutes,
  ...landerPatterns.map((path) => ({ path, page: landerPage })),
]);
