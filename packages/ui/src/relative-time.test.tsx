// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELATIVE_TIME_REFRESH_MS, relativeTime, useNow } from './relative-time';

afterEach(cleanup);

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it('reads naturally on wide screens', () => {
    expect(relativeTime(ago(5_000), now)).toBe('just now');
    expect(relativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * MIN + 30_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 60 * MIN), now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 60 * MIN), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 24 * 60 * MIN), now)).toBe('4 days ago');
    expect(relativeTime('2026-03-12T09:00:00Z', now)).toBe('12 Mar');
    expect(relativeTime('2025-03-12T09:00:00Z', now)).toBe('12 Mar 2025');
  });

  it('makes its formatters only when a label needs one (the first costs a phone ~100 ms)', async () => {
    vi.resetModules();
    const made = vi.fn();
    const Original = Intl.RelativeTimeFormat;
    const use = (value: typeof Original) =>
      Object.defineProperty(Intl, 'RelativeTimeFormat', { value, configurable: true, writable: true });
    use(
      class extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args);
          made();
        }
      },
    );
    try {
      const fresh = await import('./relative-time');
      expect(made).not.toHaveBeenCalled();
      // Phones' short labels need none.
      expect(fresh.relativeTime(ago(5 * MIN), now, { narrow: true })).toBe('5m');
      expect(made).not.toHaveBeenCalled();
      expect(fresh.relativeTime(ago(5 * MIN), now)).toBe('5 minutes ago');
      expect(fresh.relativeTime(ago(3 * 60 * MIN), now)).toBe('3 hours ago');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      use(Original);
    }
  });

  it('is shortened at 768 px or narrower', () => {
    const narrow = { narrow: true };
    expect(relativeTime(ago(5_000), now, narrow)).toBe('now');
    expect(relativeTime(ago(5 * MIN), now, narrow)).toBe('5m');
    expect(relativeTime(ago(3 * 60 * MIN), now, narrow)).toBe('3h');
    expect(relativeTime(ago(26 * 60 * MIN), now, narrow)).toBe('1d');
    expect(relativeTime('2025-03-12T09:00:00Z', now, narrow)).toBe('12 Mar');
  });

  it('treats a clock slightly behind the server as just now', () => {
    expect(relativeTime(new Date(now + 3_000).toISOString(), now)).toBe('just now');
  });

  it('moves on as time passes (the 60 s refresh re-renders with a new now)', () => {
    const sent = ago(30_000);
    expect(relativeTime(sent, now)).toBe('just now');
    expect(relativeTime(sent, now + 60_000)).toBe('1 minute ago');
  });
});

function Label({ name, iso }: { name: string; iso: string }) {
  return <p data-testid={name}>{relativeTime(iso, useNow())}</p>;
}

describe('useNow', () => {
  it('moves every label on every 60 s, from one shared ticker', () => {
    vi.useFakeTimers({ now });
    try {
      render(
        <>
          <Label name="a" iso={ago(30_000)} />
          <Label name="b" iso={ago(90_000)} />
        </>,
      );
      expect(screen.getByTestId('a').textContent).toBe('just now');
      expect(screen.getByTestId('b').textContent).toBe('1 minute ago');
      expect(vi.getTimerCount()).toBe(1);
      act(() => vi.advanceTimersByTime(RELATIVE_TIME_REFRESH_MS));
      expect(screen.getByTestId('a').textContent).toBe('1 minute ago');
      expect(screen.getByTestId('b').textContent).toBe('2 minutes ago');
      cleanup();
      // The last reader gone, the ticker stops.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
