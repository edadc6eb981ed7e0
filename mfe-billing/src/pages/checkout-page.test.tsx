// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { CreateCreditOrderBody } from '@ukd/contracts/api';
import { fakeApi, member, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_STORAGE_KEY, packageSelected } from '../billing-slice';
import { order, PACKAGES, registerForPage } from '../test-fixtures';
import CheckoutPage from './checkout-page';
import ChoosePackagePage from './choose-package-page';
import { providerRedirect } from './provider-redirect';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;
const REDIRECT =
  'http://localhost:3000/api/payments/sandbox/card?AID=1&AMT=19.99&CUR=GBP&REF=FL0123456789ABCDEF0123&SIG=AB';

function checkout(api = fakeApi({ 'GET /credit-packages': () => PACKAGES })) {
  const view = renderPage(CheckoutPage, {
    path: '/credits/buy',
    url: '/credits/buy',
    api: api.api,
    user: member(),
    register: registerForPage,
  });
  return { ...view, calls: api.calls };
}

describe('ChoosePackagePage', () => {
  it('puts the chosen package in the store (selectedPackage) and goes to the checkout', async () => {
    const { api } = fakeApi({ 'GET /credit-packages': () => PACKAGES });
    const { store } = renderPage(ChoosePackagePage, {
      path: '/credits/package',
      url: '/credits/package',
      api,
      user: member(),
      register: registerForPage,
    });
    const choose = await screen.findByRole('button', { name: 'Choose 50 credits' });
    expect(screen.getAllByRole('button')).toHaveLength(6);
    fireEvent.click(choose);
    expect((store.getState() as { billing: { selectedPackage: string } }).billing.selectedPackage).toBe(
      'credits-50',
    );
    expect(location()).toBe('/credits/buy');
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_STORAGE_KEY) ?? '{}').selectedPackage).toBe(
      'credits-50',
    );
  });

  it('remembers the conversation a refused send came from (?return=), and nothing off-site', async () => {
    const { api } = fakeApi({ 'GET /credit-packages': () => PACKAGES });
    const url = '/credits/package?return=%2Fmessages%2Fconv-1';
    const { store } = renderPage(ChoosePackagePage, {
      path: '/credits/package',
      url,
      api,
      user: member(),
      register: registerForPage,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose 20 credits' }));
    expect((store.getState() as { billing: { returnTo: string } }).billing.returnTo).toBe('/messages/conv-1');
    cleanup();
    sessionStorage.clear();
    const evil = renderPage(ChoosePackagePage, {
      path: '/credits/package',
      url: '/credits/package?return=%2F%2Fevil.example',
      api,
      user: member(),
      register: registerForPage,
    });
    await screen.findByRole('button', { name: 'Choose 20 credits' });
    expect((evil.store.getState() as { billing: { returnTo: string | null } }).billing.returnTo).toBeNull();
  });
});

describe('CheckoutPage', () => {
  it('sends a member without a selected package to /credits/package (SPEC §4)', () => {
    checkout();
    expect(location()).toBe('/credits/package');
  });

  it('shows the order and requires the unticked cancellation-right consent before paying', async () => {
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
    const api = fakeApi({
      'GET /credit-packages': () => PACKAGES,
      'POST /credit-orders': () => ({ data: { order: order(), redirect_url: REDIRECT } }),
    });
    const { store, calls } = (() => {
      const view = renderPage(CheckoutPage, {
        path: '/credits/buy',
        url: '/credits/buy',
        api: api.api,
        user: member(),
        register(shell) {
          registerForPage(shell);
          shell.store.dispatch(packageSelected('credits-50'));
        },
      });
      return { ...view, calls: api.calls };
    })();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(summary.textContent).toContain('50 credits');
    expect(summary.textContent).toContain('Total: £19.99 (VAT included)');
    const consent = screen.getByRole('checkbox', {
      name: /lose my 14-day right to cancel/,
    }) as HTMLInputElement;
    expect(consent.checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Pay £19.99 securely' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Please tick the box to continue/);
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Pay £19.99 securely' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(REDIRECT));
    const posts = calls.filter((c) => c.method === 'POST');
    const key = (store.getState() as { billing: { checkoutKey: string } }).billing.checkoutKey;
    expect(posts.map((c) => c.options.body as CreateCreditOrderBody)).toEqual([
      { package_id: 'credits-50', client_key: key },
    ]);
    // While the provider page loads, the button cannot be pressed again.
    expect(
      (screen.getByRole('button', { name: /Taking you to the secure payment page/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('keeps the same client key across a reload, so the API answers the same order', async () => {
    sessionStorage.setItem(
      CHECKOUT_STORAGE_KEY,
      JSON.stringify({ selectedPackage: 'pass-24h', checkoutKey: 'key-from-before-reload' }),
    );
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
    const api = fakeApi({
      'GET /credit-packages': () => PACKAGES,
      'POST /credit-orders': () => ({
        data: { order: order({ package_id: 'pass-24h', kind: 'pass' }), redirect_url: REDIRECT },
      }),
    });
    checkout(api);
    expect((await screen.findByRole('region', { name: 'Your order' })).textContent).toContain(
      'Unlimited messages for 24 hours',
    );
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay £14.99 securely' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledOnce());
    expect(api.calls.find((c) => c.method === 'POST')?.options.body).toEqual({
      package_id: 'pass-24h',
      client_key: 'key-from-before-reload',
    });
  });

  it('goes to the payment status instead of paying twice when the order is already paid', async () => {
    sessionStorage.setItem(
      CHECKOUT_STORAGE_KEY,
      JSON.stringify({ selectedPackage: 'credits-50', checkoutKey: 'key-paid-already' }),
    );
    const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
    const api = fakeApi({
      'GET /credit-packages': () => PACKAGES,
      'POST /credit-orders': () => ({ data: { order: order({ status: 'paid' }), redirect_url: REDIRECT } }),
    });
    checkout(api);
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay £19.99 securely' }));
    await vi.waitFor(() => expect(location()).toBe('/payment-status?REF=FL0123456789ABCDEF0123'));
    expect(go).not.toHaveBeenCalled();
  });
});
