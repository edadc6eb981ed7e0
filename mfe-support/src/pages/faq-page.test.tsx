// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import FaqPage from './faq-page';
import {
  expectContentsToLinkEverySection,
  expectSiteLinksForPaths,
  renderPage,
  sectionTitles,
} from './test-helpers';

afterEach(cleanup);

describe('FaqPage', () => {
  it('has the sections of SPEC §2, Your account and Payments, and how we keep it real', () => {
    renderPage(FaqPage, '/faq');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Frequently asked questions');
    expect(sectionTitles()).toEqual([
      'Contents',
      'Your account',
      'How we keep it real',
      'Payments',
      'Didn’t find your answer?',
    ]);
    expectContentsToLinkEverySection();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(payments.querySelectorAll('details > summary').length).toBeGreaterThan(0);
  });

  it('answers the account questions of SPEC §2, each with an anchor', () => {
    renderPage(FaqPage, '/faq');
    const account = screen.getByRole('region', { name: 'Your account' });
    const questions = {
      'getting-started': 'How do I get started?',
      'cannot-sign-in': 'Why can’t I sign in?',
      'joining-requirements': 'What do I need to join?',
      costs: 'What does it cost?',
      'delete-account': 'How do I delete my account?',
    };
    for (const [id, question] of Object.entries(questions)) {
      const details = account.querySelector(`details#${id}`);
      expect(details?.querySelector('summary')?.textContent).toBe(question);
    }
  });

  it('says members are real and replies are theirs: no fictional profiles, no staff-written replies', () => {
    const { container } = renderPage(FaqPage, '/faq');
    const real = screen.getByRole('region', { name: 'How we keep it real' });
    for (const id of ['real-members', 'verification', 'reports'])
      expect(real.querySelector(`details#${id}`)).not.toBeNull();
    expect(container.textContent).not.toMatch(/fictional|answered by our team|chat hosts/i);
  });

  it('links to the site with SiteLinks, to the support team, and states no price', () => {
    const { container } = renderPage(FaqPage, '/faq');
    expect(expectSiteLinksForPaths()).toBeGreaterThan(0);
    const help = within(screen.getByRole('complementary', { name: 'Didn’t find your answer?' }));
    expect(help.getByRole('link', { name: 'Visit the helpdesk' }).getAttribute('href')).toBe('/helpdesk');
    expect(help.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    // Prices come from the API (prices page, checkout), never from the copy.
    expect(container.textContent).not.toMatch(/£\s?\d/);
  });

  it('opens a question when it is clicked and when the address points at it', () => {
    const first = renderPage(FaqPage, '/faq');
    const details = first.container.querySelector<HTMLDetailsElement>('details#getting-started');
    expect(details?.open).toBe(false);
    fireEvent.click(details?.querySelector('summary') as HTMLElement);
    expect(details?.open).toBe(true);
    first.unmount();

    renderPage(FaqPage, '/faq#delete-account');
    expect((document.getElementById('delete-account') as HTMLDetailsElement).open).toBe(true);
  });
});
