// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import TermsPage from './terms-page';
import { expectContentsToLinkEverySection, renderPage, sectionTitles } from './test-helpers';

afterEach(cleanup);

describe('TermsPage', () => {
  it('has the sections the product needs, with a linked contents box', () => {
    renderPage(TermsPage, '/terms-of-use');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(sectionTitles()).toEqual(
      expect.arrayContaining([
        'Fictional profiles: entertainment only',
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

  it('discloses that most profiles are fictional and cannot be met', () => {
    const { container } = renderPage(TermsPage, '/terms-of-use');
    const fictional = container.querySelector('#fictional-profiles')?.textContent ?? '';
    expect(fictional).toContain('Most profiles on Flirtlane are fictional.');
    expect(fictional).toContain('entertainment');
    expect(fictional).toContain('physical meetings with them are not possible');
  });

  it('states age, cyberflashing, credit expiry, cancellation and governing law', () => {
    const { container } = renderPage(TermsPage, '/terms-of-use');
    const text = container.textContent ?? '';
    expect(text).toContain('18 or over');
    expect(text).toContain('highly effective age assurance');
    expect(text).toContain('Cyberflashing is a criminal offence');
    expect(text).toContain('Credits do not expire');
    expect(container.querySelector('#cancellation')?.textContent).toContain('14 days');
    expect(text).toContain('law of England and Wales');
    expect(text).toContain('support@flirtlane.example');
    expect(text).not.toMatch(/£\s?\d/);
  });
});
