import type { RouteDefinition } from '@ukd/contracts';
import { describe, expect, it } from 'vitest';
import { isTrackedPage } from './use-attribution-capture';

const route = (access: RouteDefinition['access'], layout: RouteDefinition['layout']): RouteDefinition => ({
  path: '/x',
  title: 'x',
  access,
  layout,
});

describe('which page views feed the attribution', () => {
  it('public and visitor pages, landers included (they use the guest-no-affiliate layout)', () => {
    expect(isTrackedPage(route('guest', 'guest-no-affiliate'), '/landers/casual-dating')).toBe(true);
    expect(isTrackedPage(route('public', 'default'), '/faq')).toBe(true);
    expect(isTrackedPage(route('guest', 'auth'), '/register')).toBe(true);
  });

  it('never /no-affiliate, member pages or unknown paths', () => {
    expect(isTrackedPage(route('guest', 'guest-no-affiliate'), '/no-affiliate')).toBe(false);
    expect(isTrackedPage(route('guest', 'guest-no-affiliate'), '/no-affiliate/')).toBe(false);
    expect(isTrackedPage(route('member', 'default'), '/dashboard')).toBe(false);
    expect(isTrackedPage(null, '/nowhere')).toBe(false);
  });
});
