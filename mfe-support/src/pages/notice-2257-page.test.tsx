// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Notice2257Page from './notice-2257-page';
import {
  expectContentsToLinkEverySection,
  expectSiteLinksForPaths,
  renderPage,
  sectionTitles,
} from './test-helpers';

afterEach(cleanup);

describe('Notice2257Page', () => {
  it('states the exemption for our content and for member content, with a linked contents box', () => {
    renderPage(Notice2257Page, '/2257-notice');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('18 U.S.C. 2257 statement');
    expect(sectionTitles()).toEqual(
      expect.arrayContaining([
        'Content we publish ourselves',
        'Content uploaded by members',
        'Report a concern',
      ]),
    );
    expectContentsToLinkEverySection();
    expect(screen.getByRole('link', { name: 'report abuse' }).getAttribute('href')).toBe('/report-abuse');
    expect(expectSiteLinksForPaths()).toBeGreaterThan(0);
  });
});
