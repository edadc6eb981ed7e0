// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createShellStore, settingsLoaded } from '@ukd/store';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import HowToPayPage from './how-to-pay-page';

/** The shared store once `GET /api/settings` answered, with the configured support address. */
function storeWithSupport(email: string) {
  const { store } = createShellStore();
  store.dispatch(
    settingsLoaded({
      site_name: 'Flirtlane',
      maintenance: false,
      realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'ws' },
      captcha: { provider: 'test', recaptcha_site_key: '', turnstile_site_key: '' },
      support: { email, company_name: 'Flirtlane Ltd', company_address: '1 Test Street, York' },
      event: null,
      features: { muteUserNotifications: true, promoBadge: true },
      tags: { analytics_id: '', ads_id: '' },
    }),
  );
  return store;
}

function renderPage(store = storeWithSupport('help@flirtlane.test')) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/how-to-pay']}>
        <HowToPayPage />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(cleanup);

describe('HowToPayPage', () => {
  it('has a title and a section for each topic, listed in the contents', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('How to pay');
    const topics = [
      'How credits work',
      'The 24-hour unlimited messaging pass',
      'VIP',
      'Ways to pay',
      'How to buy credits',
      'Receipts',
      'If a payment fails',
      'Refunds and your 14-day right to cancel',
    ];
    const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(expect.arrayContaining(topics));
    for (const topic of topics) {
      expect(contents.getByRole('link', { name: topic }).getAttribute('href')).toMatch(/^#[a-z-]+$/);
    }
  });

  it('explains what credits pay for, where the balance shows and that we never see card numbers', () => {
    const { container } = renderPage();
    const text = container.textContent ?? '';
    expect(text).toContain('Credits pay for the messages you send.');
    expect(text).toMatch(/text, image or wink/);
    expect(text).toContain('Account Balance');
    expect(text).toContain('We never see or store your card number.');
    expect(text).toContain('usually within seconds');
    expect(text).toContain('14 days');
  });

  it('says what credits buy and when cancellation ends, before any way to pay', () => {
    renderPage();
    const notice = screen.getByText(/credits pay for the messages you send to other members/);
    // In the introduction, so it is read before any way to pay.
    expect(notice.closest('header')).not.toBeNull();
    expect(within(notice).getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe(
      '/terms-of-use#credits',
    );
  });

  it('invents no prices: it links to the prices and package pages instead', () => {
    const { container } = renderPage();
    expect(container.textContent).not.toMatch(/£\s?\d/);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/prices', '/credits/package', '/helpdesk', '/vip']));
  });

  it('gives the configured support address, never one written into the page', () => {
    renderPage();
    const links = screen.getAllByRole('link', { name: 'help@flirtlane.test' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('mailto:help@flirtlane.test');
    expect(document.body.textContent).not.toContain('flirtlane.example');
  });
});
