import { routeDefinitions } from '@ukd/federation/remote-routes';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('mfe-support routes', () => {
  it('registers the FAQ, legal and support pages with their titles; only a member’s requests need a member', () => {
    expect(routeDefinitions(routes)).toEqual([
      { path: '/faq', title: 'Frequently asked questions', access: 'public', layout: 'default' },
      { path: '/privacy', title: 'Privacy notice', access: 'public', layout: 'default' },
      { path: '/terms-of-use', title: 'Terms of use', access: 'public', layout: 'default' },
      { path: '/2257-notice', title: '18 U.S.C. 2257 statement', access: 'public', layout: 'default' },
      { path: '/helpdesk', title: 'Helpdesk', access: 'public', layout: 'default' },
      { path: '/helpdesk/requests', title: 'Your help requests', access: 'member', layout: 'default' },
      { path: '/helpdesk/requests/:reference', title: 'Help request', access: 'member', layout: 'default' },
      { path: '/helpdesk/:slug', title: 'Helpdesk', access: 'public', layout: 'default' },
      { path: '/submit-request', title: 'Send us a request', access: 'public', layout: 'default' },
      { path: '/report-abuse', title: 'Report abuse', access: 'public', layout: 'default' },
      { path: '/contact', title: 'Contact us', access: 'public', layout: 'default' },
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
