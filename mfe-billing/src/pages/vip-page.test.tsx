// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeApi, member, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGES, registerForPage } from '../test-fixtures';
import VipPage from './vip-page';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('VipPage', () => {
  it('shows the monthly price and the benefits, and Become VIP starts a VIP checkout', async () => {
    const { api } = fakeApi({
      'GET /credit-packages': () => PACKAGES,
      'GET /vip': () => ({ data: { active: false, until: null } }),
    });
    const { store } = renderPage(VipPage, {
      path: '/vip',
      url: '/vip',
      api,
      user: member(),
      register: registerForPage,
    });
    const offer = await screen.findByRole('region', { name: 'VIP membership' });
    expect(offer.querySelector('p')?.textContent).toBe('£29.99 for 30 days');
    expect([...offer.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '100 credits added to your balance with each month',
      'Winks are free while you’re VIP',
      'VIP status shown on your account',
      'One payment per month: it never renews by itself, so there is nothing to cancel',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Become VIP' }));
    expect((store.getState() as { billing: { selectedPackage: string } }).billing.selectedPackage).toBe(
      'vip-monthly',
    );
    expect(screen.getByTestId('location').textContent).toBe('/credits/buy');
  });

  it('tells a VIP member until when, and asks a visitor to log in', async () => {
    const { api } = fakeApi({
      'GET /credit-packages': () => PACKAGES,
      'GET /vip': () => ({ data: { active: true, until: '2026-12-20T10:00:00.000Z' } }),
    });
    renderPage(VipPage, { path: '/vip', url: '/vip', api, user: member(), register: registerForPage });
    expect((await screen.findByText(/You’re VIP until/)).textContent).toBe(
      'You’re VIP until 20 Dec 2026, 10:00.',
    );
    expect(screen.getByRole('button', { name: 'Add another month' }).tagName).toBe('BUTTON');
    cleanup();
    const visitor = fakeApi({ 'GET /credit-packages': () => PACKAGES });
    renderPage(VipPage, {
      path: '/vip',
      url: '/vip',
      api: visitor.api,
      user: null,
      register: registerForPage,
    });
    expect((await screen.findByRole('link', { name: 'Log in to become VIP' })).getAttribute('href')).toBe(
      '/login',
    );
    expect(visitor.calls.map((c) => c.path)).toEqual(['/credit-packages']);
  });
});
