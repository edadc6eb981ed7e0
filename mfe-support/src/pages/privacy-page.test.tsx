// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PrivacyPage from './privacy-page';
import {
  expectAnchorsToResolve,
  expectContentsToLinkEverySection,
  expectSiteLinksForPaths,
  renderPage,
  sectionTitles,
} from './test-helpers';

afterEach(cleanup);

describe('PrivacyPage', () => {
  it('covers what a UK GDPR privacy notice must, with a linked contents box', () => {
    renderPage(PrivacyPage, '/privacy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy notice');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated: 25 November 2026');
    expect(sectionTitles()).toEqual(
      expect.arrayContaining([
        'Who we are',
        'The data we collect',
        'Sexual orientation and sex life',
        'How we use your data and our lawful bases',
        'Who we share data with',
        'International transfers',
        'How long we keep data',
        'Your rights',
        'Cookies and similar technologies',
        'Complaints',
      ]),
    );
    expectContentsToLinkEverySection();
  });

  it('links the contact address, the ICO and the rest of the site', () => {
    renderPage(PrivacyPage, '/privacy');
    // The configured address (SUPPORT_EMAIL through GET /api/settings), never one in the copy.
    const addresses = screen.getAllByRole('link', { name: 'help@flirtlane.test' });
    expect(addresses.length).toBe(3);
    for (const link of addresses) expect(link.getAttribute('href')).toBe('mailto:help@flirtlane.test');
    const ico = screen.getByRole('link', { name: 'ico.org.uk/make-a-complaint' });
    expect(ico.getAttribute('href')).toBe('https://ico.org.uk/make-a-complaint/');
    expect(ico.getAttribute('rel')).toBe('noopener noreferrer');
    expectAnchorsToResolve();
    expect(expectSiteLinksForPaths()).toBeGreaterThan(0);
  });
});
