import type { RemoteRoute } from '@ukd/federation/remote-routes';

/**
 * The pages mfe-landers renders itself. Every lander in the catalog shares one page, found by the
 * patterns below: the router needs no copy of the catalog, so `/` does not download every
 * lander's words (the site manifest lists each lander path; see routes.ts).
 */
export const pageRoutes: RemoteRoute[] = [
  {
    path: '/',
    title: 'Chat, flirt and meet UK adults',
    description: 'Chat, flirt and meet adults across the UK. Free to join, quick to start, easy to leave.',
    access: 'guest',
    layout: 'guest',
    name: 'index',
    page: () => import('./pages/home-page'),
  },
  {
    path: '/blog',
    title: 'Dating advice and safety blog',
    description:
      'Practical advice for dating online in the UK: staying safe, first messages, profiles and first dates.',
    access: 'public',
    layout: 'blog',
    name: 'blog',
    page: () => import('./pages/blog-index-page'),
  },
  {
    // One route for every article (`src/blog/articles/*.mdx`): a new article needs no entry here.
    path: '/blog/:slug',
    title: 'Dating advice',
    description: 'Dating advice from our blog: safety, first messages, profiles and first dates.',
    access: 'public',
    layout: 'blog',
    page: () => import('./pages/blog-article-page'),
  },
];

/** The lander page: it reads the catalog entry for the path when it loads. */
export const landerPage = () => import('./pages/lander-page');

/** Where the router looks for a lander; `catalog.test.ts` checks every lander path fits one. */
export const landerPatterns = ['/landers/:slug', '/:alias'];
