import { routeDefinitions } from '@ukd/federation/remote-routes';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('mfe-billing routes', () => {
  it('registers the billing pages with their access and layout', () => {
    expect(routeDefinitions(routes).map(({ path, access, layout }) => `${path} ${access} ${layout}`)).toEqual(
      [
        '/how-to-pay public default',
        '/prices public default',
        '/credits/package member package',
        '/credits/buy member package',
        '/payment-status member package',
        '/trustpay-status member package',
        '/credits/history member default',
        '/vip public package',
      ],
    );
    expect(routeDefinitions(routes).find((r) => r.path === '/vip')?.name).toBe('vip');
  });

  it('loads each page lazily as a default-exported component', async () => {
    for (const route of routes) {
      const module = await route.page();
      expect(typeof module.default).toBe('function');
    }
  });
});
