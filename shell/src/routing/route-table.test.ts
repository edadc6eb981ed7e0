import type { SiteManifest } from '@ukd/contracts';
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
