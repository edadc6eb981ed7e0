// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { CreditOrderStatusResponse } from '@ukd/contracts/api';
import { ApiError, fakeApi, member, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { order, registerForPage } from '../test-fixtures';
import PaymentStatusPage from './payment-status-page';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const REF = 'FL0123456789ABCDEF0123';
const answer = (overrides: Partial<CreditOrderStatusResponse['data']> = {}): CreditOrderStatusResponse => ({
  data: {
    order: order(),
    credits: 0,
    has_unli_message: false,
    unli_message_until: null,
    vip_until: null,
    ...overrides,
  },
});

function statusPage(handler: () => unknown, url = `/trustpay-status?REF=${REF}&RES=0`) {
  const { api, calls } = fakeApi({ [`GET /credit-orders/${REF}`]: handler });
  const view = renderPage(PaymentStatusPage, {
    path: '/trustpay-status',
    url,
    api,
    user: member({ credits: 0 }),
    register: registerForPage,
  });
  return { ...view, calls };
}

describe('PaymentStatusPage', () => {
  it('waits while the order is pending, then shows the new balance when CreditsEarned arrives', async () => {
    let current = answer();
    const { emit, shell, calls } = statusPage(() => current);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInstanceOf(
      HTMLElement,
    );
    expect(screen.getByText('This usually takes a few seconds. You don’t need to pay again.').tagName).toBe(
      'P',
    );
    current = answer({ order: order({ status: 'paid', paid_at: '2026-11-20T10:01:00.000Z' }), credits: 60 });
    act(() => emit('CREDITS_EARNED', { credits: 60, credits_earned: 50, reason: 'purchase' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/Your balance is now/).textContent).toBe('Your balance is now 60 credits.');
    expect(shell.session.reloadUser).toHaveBeenCalledOnce();
    expect(calls.every((c) => c.options.background === true)).toBe(true);
    expect(screen.getByRole('link', { name: 'Purchase history' }).getAttribute('href')).toBe(
      '/credits/history',
    );
  });

  it('explains a failure in plain words and tries again with a new checkout of the same package', async () => {
    const reason = 'Your bank declined the card. Try another card or contact your bank.';
    const { store } = statusPage(() =>
      answer({ order: order({ status: 'failed', failure_reason: reason }), credits: 10 }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment not completed');
    expect(screen.getByText(/Your balance is unchanged/).textContent).toBe(
      'Your balance is unchanged: 10 credits.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('location').textContent).toBe('/credits/buy');
    const billing = (store.getState() as { billing: { selectedPackage: string; checkoutKey: string } })
      .billing;
    expect(billing.selectedPackage).toBe('credits-50');
    expect(billing.checkoutKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the pass end for a 24-hour pass', async () => {
    statusPage(() =>
      answer({
        order: order({
          status: 'paid',
          kind: 'pass',
          package_id: 'pass-24h',
          package_name: '24-hour unlimited pass',
          credits: 0,
        }),
        has_unli_message: true,
        unli_message_until: '2026-11-21T10:00:00.000Z',
      }),
    );
    expect((await screen.findByText(/Your messages are free until/)).textContent).toBe(
      'Your messages are free until 21 Nov 2026, 10:00.',
    );
  });

  it("answers another member's or an unknown reference with 'We can’t find this payment'", async () => {
    statusPage(() => {
      throw new ApiError(404, 'Not found.');
    });
    expect(await screen.findByRole('heading', { name: 'We can’t find this payment' })).toBeInstanceOf(
      HTMLElement,
    );
  });

  it('without a reference points to the purchase history', () => {
    statusPage(() => answer(), '/trustpay-status');
    expect(screen.getByRole('heading', { name: 'No payment to show' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'See your purchase history' }).getAttribute('href')).toBe(
      '/credits/history',
    );
  });

  it('after paying, sends a member who came from a conversation back to it', async () => {
    sessionStorage.setItem(
      'ukd.billing.checkout',
      JSON.stringify({ selectedPackage: 'credits-50', checkoutKey: 'k-1', returnTo: '/messages/conv-1' }),
    );
    const { store } = statusPage(() => answer({ order: order({ status: 'paid' }), credits: 50 }));
    const back = await screen.findByRole('link', { name: 'Back to your conversation' });
    expect(back.getAttribute('href')).toBe('/messages/conv-1');
    // The checkout is over: a later purchase starts afresh.
    expect((store.getState() as { billing: unknown }).billing).toEqual({
      selectedPackage: null,
      checkoutKey: null,
      returnTo: null,
    });
  });
});
