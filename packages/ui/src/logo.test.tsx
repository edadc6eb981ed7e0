// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brandMarkSvg } from './brand-mark';
import { Logo } from './logo';

afterEach(cleanup);

describe('Logo', () => {
  it('sets the site name as text beside a decorative mark, with its own gradient id per copy', () => {
    const { container } = render(
      <>
        <Logo siteName="Flirtlane" />
        <Logo siteName="Flirtlane" onDark />
      </>,
    );
    expect(container.textContent).toBe('FlirtlaneFlirtlane');
    const marks = [...container.querySelectorAll('svg')];
    expect(marks.every((svg) => svg.getAttribute('aria-hidden') === 'true')).toBe(true);
    const ids = marks.map((svg) => svg.querySelector('linearGradient')?.id);
    expect(new Set(ids).size).toBe(2);
    expect(marks[0]?.querySelector('rect')?.getAttribute('fill')).toBe(`url(#${ids[0]})`);
  });

  it('draws the same mark for icon files, padded for home screens', () => {
    expect(brandMarkSvg()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 64 64"/);
    expect(brandMarkSvg({ padding: 8 })).toContain('viewBox="-8 -8 80 80"');
    expect(brandMarkSvg()).not.toMatch(/<script|href=/);
  });
});
