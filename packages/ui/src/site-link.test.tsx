// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ShellContext } from '@ukd/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellProvider } from './shell-context';
import { SiteLink } from './site-link';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
const observers: Array<{ callback: Callback; disconnected: boolean }> = [];

class FakeIntersectionObserver {
  private readonly entry: { callback: Callback; disconnected: boolean };
  constructor(callback: Callback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

afterEach(() => {
  cleanup();
  observers.length = 0;
  vi.unstubAllGlobals();
});

describe('SiteLink', () => {
  it('asks the shell to prefetch its target once, when it scrolls into view', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const prefetch = vi.fn();
    render(
      <ShellProvider shell={{ prefetch } as unknown as ShellContext}>
        <MemoryRouter>
          <SiteLink to="/faq">FAQ</SiteLink>
        </MemoryRouter>
      </ShellProvider>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    const [observer] = observers;
    observer?.callback([{ isIntersecting: false }]);
    expect(prefetch).not.toHaveBeenCalled();
    observer?.callback([{ isIntersecting: true }]);
    expect(prefetch).toHaveBeenCalledWith('/faq');
    expect(observer?.disconnected).toBe(true);
  });

  it('renders a plain link outside the shell, as in a page unit test', () => {
    render(
      <MemoryRouter>
        <SiteLink to="/terms-of-use">Terms</SiteLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms-of-use');
  });
});
