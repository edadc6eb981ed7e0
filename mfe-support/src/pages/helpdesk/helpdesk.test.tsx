// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { helpArticles, helpTopics } from '../../helpdesk/articles';
import { contentText } from '../../helpdesk/search';
import { renderSupportPage } from '../render-support-page';
import { expectAnchorsToResolve, expectContentsToLinkEverySection } from '../test-helpers';
import HelpArticlePage from './help-article-page';
import HelpdeskPage from './helpdesk-page';

afterEach(cleanup);

const location = () => screen.getByTestId('location').textContent;

describe('HelpdeskPage', () => {
  it('lists every article under its topic, each at its own address', () => {
    renderSupportPage(HelpdeskPage, { path: '/helpdesk', url: '/helpdesk', user: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Helpdesk');
    for (const topic of helpTopics) {
      const section = screen.getByRole('region', { name: topic.title });
      const links = within(section)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      expect(links).toEqual(
        helpArticles.filter((a) => a.topic === topic.key).map((a) => `/helpdesk/${a.slug}`),
      );
    }
    expect(helpArticles.length).toBeGreaterThanOrEqual(12);
    expect(new Set(helpArticles.map((a) => a.slug)).size).toBe(helpArticles.length);
    // The company's address, from the settings (the legal pages say the helpdesk shows it).
    expect(screen.getByText(/Flirtlane Ltd, Unit 12, Canal Wharf/)).toBeInstanceOf(HTMLElement);
    // Visitors are not offered a member's list of requests.
    expect(screen.queryByRole('link', { name: 'Your requests' })).toBeNull();
  });

  it('searches titles at once and the articles’ text once it has loaded, keeping the query in the address', async () => {
    renderSupportPage(HelpdeskPage, { path: '/helpdesk', url: '/helpdesk' });
    const box = screen.getByRole('searchbox', { name: 'Search help articles' });
    fireEvent.change(box, { target: { value: 'refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/helpdesk?q=refund');
    const results = await screen.findByRole('region', { name: /articles? for “refund”/ });
    expect(within(results).getAllByRole('link')[0]?.textContent).toBe('Cancelling and refunds');

    // "Action Fraud" appears only in the text of the scams article.
    fireEvent.change(box, { target: { value: 'action fraud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The first search loads every article's text (13 small chunks).
    const found = await screen.findByRole(
      'region',
      { name: '1 article for “action fraud”' },
      { timeout: 8000 },
    );
    expect(within(found).getByRole('link').getAttribute('href')).toBe('/helpdesk/scams');

    fireEvent.change(box, { target: { value: 'zzqx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const none = await screen.findByRole('region', { name: 'No articles match “zzqx”' });
    expect(within(none).getByRole('link', { name: 'send us a request' }).getAttribute('href')).toBe(
      '/submit-request',
    );
  });

  it('opens with the search of a shared address', async () => {
    renderSupportPage(HelpdeskPage, { path: '/helpdesk', url: '/helpdesk?q=password' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('password');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /for “password”/ })).toBeInstanceOf(HTMLElement),
    );
  });
});

describe('HelpArticlePage', () => {
  it('renders each article as an article with working contents, links and related articles', async () => {
    for (const article of helpArticles) {
      const view = renderSupportPage(HelpArticlePage, {
        path: '/helpdesk/:slug',
        url: `/helpdesk/${article.slug}`,
        user: null,
      });
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(article.title);
      expectContentsToLinkEverySection();
      expectAnchorsToResolve();
      const help = screen.getByRole('complementary', { name: 'Still need help?' });
      expect(within(help).getByRole('link', { name: 'Send us a request' }).getAttribute('href')).toBe(
        `/submit-request?topic=${article.topic}`,
      );
      view.unmount();
    }
  });

  it('shows SPEC’s not-found text for an unknown article', () => {
    renderSupportPage(HelpArticlePage, {
      path: '/helpdesk/:slug',
      url: '/helpdesk/no-such-article',
      user: null,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be found');
  });

  it('is honest and configurable: no fictional profiles, no staff replies, no prices, no written-in address', async () => {
    for (const article of helpArticles) {
      const text = contentText((await article.content()).default);
      expect(text, article.slug).not.toMatch(
        /fictional|invented|answered by our team|operator|moderators reply/i,
      );
      expect(text, article.slug).not.toMatch(/£\s?\d/);
      expect(text, article.slug).not.toMatch(/@/);
    }
  });

  it('shows the configured support address where an article gives it', async () => {
    renderSupportPage(HelpArticlePage, { path: '/helpdesk/:slug', url: '/helpdesk/refunds', user: null });
    const link = await screen.findByRole('link', { name: 'help@flirtlane.test' });
    expect(link.getAttribute('href')).toBe('mailto:help@flirtlane.test');
  });
});
