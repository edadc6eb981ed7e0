// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MaintenancePage, { rotationMs } from './maintenance-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const visible = () =>
  [...document.querySelectorAll('svg')]
    .find((svg) => svg.style.display !== 'none')
    ?.getAttribute('data-illustration');

describe('maintenance page', () => {
  it('shows the texts of SPEC §2 and rotates the illustrations every 5 s, 1 → 2 → 3 → 1', () => {
    vi.useFakeTimers();
    render(<MaintenancePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sorry! We Are Under Maintenance!');
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent?.trim()).toBe(
      "We're giving our site a little makeover—back soon to help you find your next match, so hang tight!",
    );
    const seen = [visible()];
    for (let i = 0; i < 3; i++) {
      act(() => vi.advanceTimersByTime(rotationMs));
      seen.push(visible());
    }
    expect(seen).toEqual(['1', '2', '3', '1']);
  });
});
