// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import FaqPage from './faq-page';
import { expectContentsToLinkEverySection, renderPage } from './test-helpers';

afterEach(cleanup);

describe('FaqPage', () => {
  it('has the sections of SPEC §2: Your account and Payments', () => {
    renderPage(FaqPage, '/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeTruthy();
    expectContentsToLinkEverySection();
  });

  it('answers the account questions of SPEC §2, each with an anchor', () => {
    const { container } = renderPage(FaqPage, '/faq');
    const questions = {
      'getting-started': 'How do I get started?',
      'cannot-sign-in': 'Why can’t I sign in?',
      'joining-requirements': 'What do I need to join?',
      costs: 'What does it cost?',
      'delete-account': 'How do I delete my account?',
    };
    for (const [id, question] of Object.entries(questions)) {
      const details = container.querySelector(`details#${id}`);
      expect(details?.querySelector('summary')?.textContent).toBe(question);
    }
  });

  it('states the key facts: 18+, age check, fictional profiles, credits, deletion', () => {
    const { container } = renderPage(FaqPage, '/faq');
    const text = container.textContent ?? '';
    expect(text).toContain('18 or over');
    expect(text).toContain('highly effective age assurance');
    expect(text).toContain('most profiles on Flirtlane are fictional');
    expect(text).toContain('These credentials do not match our records.');
    expect(text).toContain('Credits pay for the messages you send.');
    expect(text).toContain('we never see or store your card number');
    expect(text).toContain('14 days');
    expect(text).not.toMatch(/£\s?\d/);
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
