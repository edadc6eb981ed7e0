// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ShellContext } from '@ukd/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellProvider, useShell } from './shell-context';

function SiteName() {
  return <span>{useShell().site.name}</span>;
}

afterEach(cleanup);

describe('useShell', () => {
  it('gives the provided shell', () => {
    const shell = { site: { name: 'Flirtlane' } } as ShellContext;
    render(
      <ShellProvider shell={shell}>
        <SiteName />
      </ShellProvider>,
    );
    expect(screen.getByText('Flirtlane').tagName).toBe('SPAN');
  });

  it('throws outside a provider, naming the mistake', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SiteName />)).toThrow('useShell() outside a ShellProvider');
  });
});
