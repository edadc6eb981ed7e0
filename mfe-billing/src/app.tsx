import { createRemoteApp } from '@ukd/federation/remote-app';
import { routes } from './routes';

export const { bootstrap, mount, unmount } = createRemoteApp(routes);
