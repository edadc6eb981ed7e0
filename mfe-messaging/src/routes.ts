import type { RemoteRoute } from '@ukd/federation/remote-routes';

/**
 * This remote is built, deployed and registered with the site like every other, but serves no
 * page yet: its member pages arrive with their feature work. A route is listed here only once
 * its page exists, so the shell never loads this remote for a page it cannot show.
 */
export const routes: RemoteRoute[] = [];
