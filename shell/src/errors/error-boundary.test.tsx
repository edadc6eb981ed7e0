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
    // The error page of SPEC §2, in reading order: status, heading, explanation, message, way out.
    const page = screen.getByRole('alert');
    expect([...page.children].map((child) => [child.tagName, child.textContent])).toEqual([
      ['P', '500'],
      ['H1', 'Unfortunately, we have a problem.'],
      ['P', 'We have encountered an unusual problem. Our technical team has been informed.'],
      ['P', 'profile card exploded'],
      ['BUTTON', 'Back to home'],
    ]);
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
    const page = screen.getByRole('alert');
    expect([...page.children].map((child) => [child.tagName, child.textContent])).toEqual([
      ['H1', 'An error occurred while showing the error page'],
      ['P', 'Unfortunately an error occurred and while showing the error page another error occurred'],
      ['PRE', 'Error: error page broke too'],
      ['A', 'Go back to home'],
    ]);
    expect(screen.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
  });
});
