import type { SiteManifest } from '@ukd/contracts';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouteTable } from './route-table';

const manifest: SiteManifest = {
  site: { name: 'Flirtlane', key: 'ukdating-site01', environment: 'production' },
  remotes: [
    {
      id: 'mfe-landers',
      entry: '/remotes/mfe-landers/1/mf-manifest.json',
      version: '1',
      routes: [
        { path: '/', title: 'Home', access: 'guest', layout: 'guest', name: 'index' },
        { path: '/landers/:slug', title: 'Lander', access: 'guest', layout: 'guest' },
      ],
    },
    {
      id: 'mfe-messaging',
      entry: '/remotes/mfe-messaging/1/mf-manifest.json',
      version: '1',
      routes: [
        { path: '/messages', title: 'Messages', access: 'member', layout: 'default' },
        {
          path: '/messages/:id',
          title: 'Conversation',
          access: 'member',
          layout: 'chat',
          hideHeaderBar: true,
        },
      ],
    },
  ],
};

describe('route table', () => {
  const table = createRouteTable(manifest);

  it('finds the owning remote and params', () => {
    const match = table.match('/messages/4b1c');
    expect(match?.remote?.id).toBe('mfe-messaging');
    expect(match?.route.hideHeaderBar).toBe(true);
    expect(match?.params.id).toBe('4b1c');
  });

  it('prefers the exact home route and ignores a trailing slash', () => {
    expect(table.match('/')?.route.name).toBe('index');
    expect(table.match('/messages/')?.route.title).toBe('Messages');
  });

  it('answers null for a path nobody owns', () => {
    expect(table.match('/no-such-page')).toBeNull();
    expect(table.match('/landers/a/b')).toBeNull();
  });
});

describe('route table with the shell pages', () => {
  it('matches the shell pages before any remote', () => {
    const page = () => Promise.resolve({ default: () => null });
    const table = createRouteTable(manifest, [
      { path: '/login', title: 'Log in', access: 'guest', layout: 'auth', page },
    ]);
    const match = table.match('/login');
    expect(match?.remote).toBeUndefined();
    expect(match?.route.title).toBe('Log in');
    expect(table.match('/messages')?.remote?.id).toBe('mfe-messaging');
  });
});

describe("route table's shortcut", () => {
  it('answers what trying every route answers, for any case, encoding or tie between routes', () => {
    const paths = [
      '/',
      '/blog',
      '/blog/:slug',
      '/landers/casual-dating',
      '/lander10',
      '/milf',
      '/messages',
      '/messages/:id',
      '/message/:conversationUuid',
      '/dashboard',
      '/profile',
      '/profile/edit',
      '/profile/:uuid',
      '/my-profile',
      '/credits/package',
      '/helpdesk',
      '/helpdesk/requests',
      '/helpdesk/requests/:reference',
      '/helpdesk/:slug',
      // Routes whose first segment matches many, and two of equal rank where order decides.
      '/:lander',
      '/:section/edit',
      '/:kind/here',
      '/go2/:id',
      '/go/*',
      '/optional?/page',
      '/Caps/Route',
    ];
    const routes = paths.map((path) => ({
      path,
      title: path,
      access: 'guest' as const,
      layout: 'guest' as const,
    }));
    const table = createRouteTable({
      site: manifest.site,
      remotes: [{ id: 'all', entry: '/remotes/all/1/mf-manifest.json', version: '1', routes }],
    });
    const everyRoute = (pathname: string) => {
      const [best] = matchRoutes(routes, pathname) ?? [];
      return best ? { path: best.route.path, params: best.params } : null;
    };
    const asked = [
      ...paths.map((path) =>
        path
          .replace(/:[a-zA-Z]+/g, 'x1')
          .replace('*', 'a/b')
          .replace('?', ''),
      ),
      '/go2/here',
      '/PROFILE/EDIT',
      '/Profile/3f1c',
      '/%6Dessages/42',
      '/%E2%82%AC',
      '/%zz',
      '/messages/',
      '//messages',
      '/profile/edit/more',
      '/caps/route',
      '/page',
      '/unknown',
      '/unknown/edit',
      '/go',
      '',
    ];
    for (const pathname of asked) {
      const found = table.match(pathname);
      expect(found ? { path: found.route.path, params: found.params } : null, pathname).toEqual(
        everyRoute(pathname),
      );
    }
  });
});
