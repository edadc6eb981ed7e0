// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import TermsPage from './terms-page';
import {
  expectAnchorsToResolve,
  expectContentsToLinkEverySection,
  expectSiteLinksForPaths,
  renderPage,
  sectionTitles,
} from './test-helpers';

afterEach(cleanup);

describe('TermsPage', () => {
  it('has the sections the product needs, with a linked contents box', () => {
    renderPage(TermsPage, '/terms-of-use');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of use');
    expect(sectionTitles()).toEqual(
      expect.arrayContaining([
        'Members and profiles',
        'Who can join: 18+ and age checks',
        'Prohibited conduct',
        'Credits',
        '24-hour unlimited messaging pass',
        'VIP membership',
        'Your 14-day right to cancel',
        'Refunds and problems with payments',
        'Moderation and reporting',
        'Ending your account',
        'Law and disputes',
        'Contact us',
      ]),
    );
    expectContentsToLinkEverySection();
  });

  it('opens with the members-and-profiles notice: no invented profiles, no staff-written replies', () => {
    const { container } = renderPage(TermsPage, '/terms-of-use#members-and-profiles');
    const notice = container.querySelector('section#members-and-profiles');
    expect(notice?.querySelector('strong')?.textContent).toBe('Every profile belongs to a member.');
    expect(container.textContent).not.toMatch(/fictional|chat hosts/i);
  });

  it('links within the page and to the rest of the site, and states no price', () => {
    const { container } = renderPage(TermsPage, '/terms-of-use');
    expectAnchorsToResolve();
    expect(expectSiteLinksForPaths()).toBeGreaterThan(0);
    // Prices come from the API (prices page, checkout), never from the copy.
    expect(container.textContent).not.toMatch(/£\s?\d/);
  });
});
