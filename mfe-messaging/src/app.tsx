import { createRemoteApp, withPageData } from '@ukd/federation/remote-app';
import { routes } from './routes';

const app = createRemoteApp(routes);
export const { bootstrap, mount, unmount } = app;
// Its member pages start their first requests beside their code (RemoteRoute.data).
export const preload = withPageData(routes, app.preload);
