import { routeDefinitions } from '@ukd/federation/remote-routes';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('mfe-billing routes', () => {
  it('registers /how-to-pay as a public page with its title', () => {
    expect(routeDefinitions(routes)).toEqual([
      { path: '/how-to-pay', title: 'How to pay', access: 'public', layout: 'default' },
    ]);
  });

  it('loads each page lazily as a default-exported component', async () => {
    for (const route of routes) {
      const module = await route.page();
      expect(typeof module.default).toBe('function');
    }
  });
});
