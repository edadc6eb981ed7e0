// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { ApiError, fakeApi, renderPage } from '@ukd/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGES, registerForPage } from '../test-fixtures';
import PricesPage from './prices-page';

afterEach(cleanup);

describe('PricesPage', () => {
  it('lists every credit package with price, price per credit and the best value, for visitors', async () => {
    const { api, calls } = fakeApi({ 'GET /credit-packages': () => PACKAGES });
    renderPage(PricesPage, { path: '/prices', url: '/prices', api, user: null, register: registerForPage });
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '20 credits £9.9950p',
      '50 credits £19.9940p',
      '120 credits £39.9933.3p',
      '300 credits Best value£79.9926.7p',
    ]);
    expect(calls[0]?.options.auth).toBe(false);
  });

  it('shows message prices, the pass and VIP, and links on to buying and How to pay', async () => {
    const { api } = fakeApi({ 'GET /credit-packages': () => PACKAGES });
    renderPage(PricesPage, { path: '/prices', url: '/prices', api, user: null, register: registerForPage });
    expect(await screen.findByText('Text message: 1 credit')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Image message: 2 credits').tagName).toBe('LI');
    expect(
      screen.getByRole('heading', { name: '24-hour unlimited pass' }).nextElementSibling?.textContent,
    ).toContain('£14.99');
    expect(screen.getByRole('link', { name: 'About VIP' }).getAttribute('href')).toBe('/vip');
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits/package');
    expect(screen.getByRole('link', { name: 'How to pay' }).getAttribute('href')).toBe('/how-to-pay');
  });

  it('offers to try again when the prices cannot be loaded', async () => {
    const { api } = fakeApi({
      'GET /credit-packages': () => {
        throw new ApiError(503, 'Service Unavailable');
      },
    });
    renderPage(PricesPage, { path: '/prices', url: '/prices', api, user: null, register: registerForPage });
    expect((await screen.findByRole('alert')).textContent).toBe('We couldn’t load the prices just now.');
    expect(screen.getByRole('button', { name: 'Try again' }).tagName).toBe('BUTTON');
  });
});
