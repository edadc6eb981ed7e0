// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { fakeApi, member, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { order, registerForPage } from '../test-fixtures';
import PurchaseHistoryPage from './purchase-history-page';

afterEach(cleanup);

describe('PurchaseHistoryPage', () => {
  it('lists date, package, amount, status and reference of each purchase', async () => {
    const { api } = fakeApi({
      'GET /credit-orders': () => ({
        data: [
          order({
            reference: 'FL00000000000000000002',
            status: 'failed',
            created_at: '2026-11-21T09:30:00.000Z',
          }),
          order({ status: 'paid', paid_at: '2026-11-20T10:01:00.000Z' }),
        ],
      }),
    });
    renderPage(PurchaseHistoryPage, {
      path: '/credits/history',
      url: '/credits/history',
      api,
      user: member(),
      register: registerForPage,
    });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Date', 'Package', 'Amount', 'Status', 'Reference'],
      ['21 Nov 2026, 09:30', '50 credits', '£19.99', 'Not completed', 'FL00000000000000000002'],
      ['20 Nov 2026, 10:01', '50 credits', '£19.99', 'Paid', 'FL0123456789ABCDEF0123'],
    ]);
    expect(screen.getByRole('link', { name: 'FL0123456789ABCDEF0123' }).getAttribute('href')).toBe(
      '/payment-status?REF=FL0123456789ABCDEF0123',
    );
  });

  it('invites a member without purchases to buy credits', async () => {
    const { api } = fakeApi({ 'GET /credit-orders': () => ({ data: [] }) });
    renderPage(PurchaseHistoryPage, {
      path: '/credits/history',
      url: '/credits/history',
      api,
      user: member(),
      register: registerForPage,
    });
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits/package');
  });
});
