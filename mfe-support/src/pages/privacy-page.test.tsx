// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PrivacyPage from './privacy-page';
import { expectContentsToLinkEverySection, renderPage, sectionTitles } from './test-helpers';

afterEach(cleanup);

describe('PrivacyPage', () => {
  it('covers what a UK GDPR privacy notice must, with a linked contents box', () => {
    renderPage(PrivacyPage, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
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

  it('names the controller and contact, and asks explicit consent for special-category data', () => {
    const { container } = renderPage(PrivacyPage, '/privacy');
    const text = container.textContent ?? '';
    expect(text).toContain('Flirtlane Ltd runs Flirtlane and is the controller');
    expect(text).toContain('support@flirtlane.example');
    expect(text).toContain('explicit consent');
    expect(text).toContain('Article 9(2)(a)');
    expect(text).toMatch(/Contract.*Legal obligation.*Legitimate interests.*Consent/s);
  });

  it('states the rights, the one-month answer, cookies under PECR and the ICO', () => {
    const { container } = renderPage(PrivacyPage, '/privacy');
    const text = container.textContent ?? '';
    expect(text).toContain('within one month');
    expect(text).toContain('erasure');
    expect(text).toContain('data portability');
    expect(text).toContain('PECR');
    expect(text).toContain('Information Commissioner’s Office');
    expect(screen.getByRole('link', { name: 'ico.org.uk/make-a-complaint' }).getAttribute('href')).toBe(
      'https://ico.org.uk/make-a-complaint/',
    );
  });
});
