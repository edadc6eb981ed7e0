import { prerenderRoutes } from '@ukd/federation/prerender';
import { createShellStore } from '@ukd/store';
import { Provider } from 'react-redux';
import { articles } from './blog/library';
import { routes } from './routes';

/**
 * Run at deploy time in Node (`scripts/site/prerender-unit.ts`): the home page, every lander and
 * alias, the blog and each article as a visitor first sees them, so they paint before any script.
 */
export async function prerender() {
  const { store } = createShellStore();
  const pages = await prerenderRoutes(routes, {
    paths: {
      '/blog/:slug': () =>
        articles.map(({ slug, title, description }) => ({ path: `/blog/${slug}`, title, description })),
    },
    wrap: (page) => <Provider store={store}>{page}</Provider>,
  });
  return { pages };
}
