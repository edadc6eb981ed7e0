// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './error-boundary';
import * as errorPage from './error-page';

function Broken(): never {
  throw new Error('profile card exploded');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('error pages (SPEC §2)', () => {
  it('shows the error page with status and message when a page throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary resetKey="/x">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unfortunately, we have a problem.' })).toBeTruthy();
    expect(
      screen.getByText('We have encountered an unusual problem. Our technical team has been informed.'),
    ).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByText('profile card exploded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('falls back to the plain page when the error page itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(errorPage, 'ErrorPage').mockImplementation(() => {
      throw new Error('error page broke too');
    });
    render(
      <RouteErrorBoundary resetKey="/x">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'An error occurred while showing the error page' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Unfortunately an error occurred and while showing the error page another error occurred',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Error: error page broke too')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
  });
});
