import { routeDefinitions } from '@ukd/federation/remote-routes';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('mfe-support routes', () => {
  it('registers the FAQ and legal pages as public pages with their titles', () => {
    expect(routeDefinitions(routes)).toEqual([
      { path: '/faq', title: 'Frequently asked questions', access: 'public', layout: 'default' },
      { path: '/privacy', title: 'Privacy notice', access: 'public', layout: 'default' },
      { path: '/terms-of-use', title: 'Terms of use', access: 'public', layout: 'default' },
      { path: '/2257-notice', title: '18 U.S.C. 2257 statement', access: 'public', layout: 'default' },
      { path: '/affiliates', title: 'Affiliate programme', access: 'public', layout: 'default' },
      {
        path: '/no-affiliate',
        title: 'Flirtlane without affiliate tracking',
        access: 'guest',
        layout: 'guest-no-affiliate',
      },
    ]);
  });

  it('loads each page lazily as a default-exported component', async () => {
    for (const route of routes) {
      const module = await route.page();
      expect(typeof module.default).toBe('function');
    }
  });
});
