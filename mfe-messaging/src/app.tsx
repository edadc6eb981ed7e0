import { createRemoteApp } from '@ukd/federation/remote-app';
import { routes } from './routes';

export const { bootstrap, mount, unmount, preload } = createRemoteApp(routes);
