import { prerenderRoutes } from '@ukd/federation/prerender';
import { createShellStore } from '@ukd/store';
import { Provider } from 'react-redux';
import { routes } from './routes';

/**
 * The pages visitors arrive at from outside (search, the footer of a lander): the FAQ and the
 * legal texts. Forms (help requests, reports, contact) are left to the browser, where the
 * captcha and the member's details are.
 */
const prerendered = ['/faq', '/privacy', '/terms-of-use', '/2257-notice'];

/** Run at deploy time in Node (`scripts/site/prerender-unit.ts`). */
export async function prerender() {
  const { store } = createShellStore();
  const pages = await prerenderRoutes(routes, {
    only: prerendered,
    wrap: (page) => <Provider store={store}>{page}</Provider>,
  });
  return { pages };
}
