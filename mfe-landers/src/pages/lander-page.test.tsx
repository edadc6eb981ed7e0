// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { landers } from '../landers/catalog';
import LanderPage from './lander-page';

afterEach(cleanup);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LanderPage />
    </MemoryRouter>,
  );
}

describe('a lander page', () => {
  it.each(landers.map((lander) => [lander.paths.at(-1) ?? '', lander] as const))(
    '%s shows its own headline, call to action to /register and a fixed-size illustration',
    (path, lander) => {
      const { container } = renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(lander.headline);
      const ctas = screen.getAllByRole('link', { name: lander.callToAction });
      for (const cta of ctas) expect(cta.getAttribute('href')).toBe('/register');
      expect(container.querySelector(`[data-layout="${lander.layout}"]`)).not.toBeNull();
      const art = container.querySelector(`svg[data-art="${lander.art}"]`);
      expect(art?.getAttribute('width')).toBe('320');
      expect(art?.getAttribute('height')).toBe('240');
      for (const [title] of lander.points)
        expect(screen.getAllByText(title, { exact: false }).length).toBeGreaterThan(0);
    },
  );

  it('shows the example openers as ours, on the openers layout', () => {
    const lander = landers.find((candidate) => candidate.layout === 'openers');
    renderAt(lander?.paths[0] ?? '');
    expect(screen.getByText(/Examples written by our team/)).toBeTruthy();
    for (const line of lander?.openers ?? []) expect(screen.getByText(line)).toBeTruthy();
  });

  it('puts the call to action before the illustration, so a phone shows it without scrolling', () => {
    const { container } = renderAt('/lander32');
    const hero = container.querySelector('section');
    const order = [...(hero?.querySelectorAll('a[href="/register"], svg') ?? [])].map((node) => node.tagName);
    expect(order[0]).toBe('A');
  });

  it('renders nothing on a path that is not a lander', () => {
    const { container } = renderAt('/landers/nothing-here');
    expect(container.innerHTML).toBe('');
  });
});
