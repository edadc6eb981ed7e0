// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Notice2257Page from './notice-2257-page';
import { expectContentsToLinkEverySection, renderPage } from './test-helpers';

afterEach(cleanup);

describe('Notice2257Page', () => {
  it('states the exemption and the producer exclusion for member content', () => {
    const { container } = renderPage(Notice2257Page, '/2257-notice');
    expect(screen.getByRole('heading', { level: 1, name: '18 U.S.C. 2257 statement' })).toBeTruthy();
    expectContentsToLinkEverySection();
    const text = container.textContent ?? '';
    expect(text).toContain('28 C.F.R. Part 75');
    expect(text).toContain(
      'does not produce any visual depiction of actual or simulated sexually explicit conduct',
    );
    expect(text).toContain('18 U.S.C. § 2257(h)(2)(B)');
    expect(text).toContain('18 or older');
    expect(screen.getByRole('link', { name: 'report abuse' }).getAttribute('href')).toBe('/report-abuse');
  });
});
