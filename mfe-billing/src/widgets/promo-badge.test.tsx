// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { User } from '@ukd/contracts/api';
import { fakeApi, member, renderPage } from '@ukd/test-support';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_VIEW_DELAY_MS, PromoBadge } from './promo-badge';

function show(user: User, url = '/dashboard') {
  const api = fakeApi({ 'POST /ab-test-events': () => undefined });
  renderPage(PromoBadge, { path: url, url, api: api.api, user });
  const events = () =>
    api.calls.filter((call) => call.path === '/ab-test-events').map((call) => call.options.body);
  return { events };
}

const inVariant = (promoBadge: 'v1' | 'v2' | null, eventName: string | null) =>
  member({ eventName, features: { muteUserNotifications: false, promoBadge } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PromoBadge', () => {
  it('shows -40% to the purchase page in variant v1 during summer and halloween', () => {
    show(inVariant('v1', 'summer'));
    expect(screen.getByRole('link', { name: 'Buy credits, 40% off' }).textContent).toBe('-40%');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/credits/buy');
    cleanup();
    show(inVariant('v1', 'halloween'));
    expect(screen.getByRole('link', { name: 'Buy credits, 40% off' }).textContent).toBe('-40%');
  });

  it('shows nothing in variant v2, without a variant, without an event or during another event', () => {
    for (const user of [
      inVariant('v2', 'summer'),
      inVariant(null, 'summer'),
      inVariant('v1', null),
      inVariant('v1', 'xmas'),
    ]) {
      show(user);
      expect(screen.queryByText('-40%')).toBeNull();
      cleanup();
    }
  });

  it('reports viewed once, 2 s after the member is on /dashboard, for both variants', async () => {
    for (const group of ['v1', 'v2'] as const) {
      const { events } = show(inVariant(group, 'summer'));
      await act(() => vi.advanceTimersByTimeAsync(PROMO_VIEW_DELAY_MS - 1));
      expect(events()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(events()).toEqual([{ ab_test_type: 'promo_badge', group, value: 'viewed' }]);
      await act(() => vi.advanceTimersByTimeAsync(PROMO_VIEW_DELAY_MS * 3));
      expect(events()).toHaveLength(1);
      cleanup();
    }
  });

  it('reports no view off /dashboard, or without a variant or an event', async () => {
    const tracked = [
      show(inVariant('v1', 'summer'), '/messages'),
      show(inVariant(null, 'summer')),
      show(inVariant('v2', null)),
    ];
    await act(() => vi.advanceTimersByTimeAsync(PROMO_VIEW_DELAY_MS * 2));
    for (const { events } of tracked) expect(events()).toEqual([]);
  });

  it('reports a click on the badge', async () => {
    const { events } = show(inVariant('v1', 'summer'), '/messages');
    await act(async () => {
      fireEvent.click(screen.getByText('-40%'));
    });
    expect(events()).toEqual([{ ab_test_type: 'promo_badge', group: 'v1', value: 'clicked' }]);
  });
});
