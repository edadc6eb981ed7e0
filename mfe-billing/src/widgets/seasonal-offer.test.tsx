// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { CreditPackagesResponse } from '@ukd/contracts/api';
import { fakeApi, member, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACKAGES, registerForPage } from '../test-fixtures';
import { SEASONAL_SEEN_KEY, SeasonalOffer } from './seasonal-offer';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const base = PACKAGES.data.packages[0];
if (!base) throw new Error('fixture packages are empty');
const WITH_OFFERS: CreditPackagesResponse = {
  data: {
    ...PACKAGES.data,
    packages: [
      ...PACKAGES.data.packages,
      {
        ...base,
        id: 'offer-1000',
        name: '1,000 credit gift box',
        credits: 1000,
        amount: '159.99',
        description: '40% off.',
        offer_event: 'halloween',
      },
      {
        ...base,
        id: 'offer-2500',
        name: '2,500 credit gift box',
        credits: 2500,
        amount: '239.99',
        description: '1,500 credits plus 1,000 free.',
        offer_event: 'halloween',
      },
    ],
  },
};

function show(eventName: string | null) {
  const api = fakeApi({
    'GET /credit-packages': () => WITH_OFFERS,
    'POST /site-popups': () => ({ message: 'OK' }),
  });
  const view = renderPage(SeasonalOffer, {
    path: '/dashboard',
    url: '/dashboard',
    api: api.api,
    user: member({ eventName }),
    register: registerForPage,
  });
  return { ...view, calls: api.calls };
}

const popups = (calls: ReturnType<typeof show>['calls']) =>
  calls.filter((c) => c.path === '/site-popups').map((c) => c.options.body);

describe('SeasonalOffer', () => {
  it('shows the 1,000 gift box, then on decline the 2,500 box, and sells it through the checkout', async () => {
    const { calls, store, shell } = show('halloween');
    const first = await screen.findByRole('dialog', { name: 'Halloween deals' });
    expect(first.textContent).toContain('1,000 credits for £159.99. 40% off.');
    fireEvent.click(screen.getByRole('button', { name: 'No thanks, proceed with the standard prices' }));
    const second = await screen.findByRole('dialog', { name: 'Wait: 1,000 credits free' });
    expect(second.textContent).toContain('2,500 credits for £239.99. 1,500 credits plus 1,000 free.');
    fireEvent.click(screen.getByRole('button', { name: 'Get it for £239.99' }));
    expect((store.getState() as { billing: { selectedPackage: string } }).billing.selectedPackage).toBe(
      'offer-2500',
    );
    expect(shell.navigate).toHaveBeenCalledWith('/credits/buy');
    await vi.waitFor(() =>
      expect(popups(calls)).toEqual([
        { notification_type: 'halloween', action_type: 'IMPRESSION' },
        { notification_type: 'halloween', action_type: 'IMPRESSION' },
        { notification_type: 'halloween', action_type: 'CLICKED' },
      ]),
    );
    expect(sessionStorage.getItem(SEASONAL_SEEN_KEY('halloween'))).toBe('done');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away without an event, and once dismissed in this tab', async () => {
    const none = show(null);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(none.calls).toEqual([]);
    cleanup();
    sessionStorage.setItem(SEASONAL_SEEN_KEY('halloween'), 'done');
    show('halloween');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
