import { routeDefinitions } from '@ukd/federation/remote-routes';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { landerPatterns, pageRoutes } from '../page-routes';
import { routes } from '../routes';
import { landerForPath, landers } from './catalog';
import { artNames, type Lander, landerLayouts, themes } from './lander';

/** SPEC §2: every lander path and alias, and the three campaign pages. */
const specPaths = [
  '/landers/casual-dating',
  '/landers/chicktok2',
  ...[11, 12, 13, 14, 15, 16, 32].map((n) => `/landers/lander${n}`),
  ...[10, 11, 12, 13, 14, 15, 16, 32].map((n) => `/lander${n}`),
  '/chicktok2',
  '/milf',
  '/instagram-for-sex',
  '/tinderforsex',
];

const copyFields = ['title', 'description', 'headline', 'intro', 'callToAction'] as const;

describe('the landers catalogue', () => {
  it('has every SPEC lander path and alias, each owned by exactly one lander', () => {
    const paths = landers.flatMap((lander) => lander.paths);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of specPaths) expect(paths, path).toContain(path);
    expect(landers.map((lander) => lander.slug)).toEqual([...new Set(landers.map((lander) => lander.slug))]);
  });

  it('gives every lander its own copy: no title, description, headline, intro or call to action is shared', () => {
    for (const field of copyFields) {
      const values = landers.map((lander) => lander[field].trim().toLowerCase());
      expect(new Set(values).size, field).toBe(landers.length);
    }
    const points = landers.flatMap((lander) => lander.points.map(([title]) => title));
    expect(new Set(points).size).toBe(points.length);
  });

  it('gives every lander its own look: no two share layout, illustration and colours', () => {
    const looks = landers.map((lander) => `${lander.layout}/${lander.art}/${lander.theme}`);
    expect(new Set(looks).size).toBe(landers.length);
    expect(new Set(landers.map((lander) => lander.layout))).toEqual(new Set(landerLayouts));
    for (const lander of landers) {
      expect(artNames).toContain(lander.art);
      expect(themes).toContain(lander.theme);
    }
  });

  it('has openers wherever the layout shows them, and only there', () => {
    for (const lander of landers) {
      expect(Boolean(lander.openers?.length), lander.slug).toBe(lander.layout === 'openers');
    }
  });

  it('keeps copy short enough for a phone and a search result', () => {
    for (const lander of landers) {
      expect(lander.headline.length, lander.slug).toBeLessThanOrEqual(50);
      expect(lander.intro.length, lander.slug).toBeLessThanOrEqual(120);
      expect(lander.callToAction.length, lander.slug).toBeLessThanOrEqual(26);
      expect(lander.description.length, lander.slug).toBeGreaterThanOrEqual(50);
      expect(lander.description.length, lander.slug).toBeLessThanOrEqual(160);
    }
  });

  it('says nothing explicit and nothing untrue about who members talk to', () => {
    const banned =
      /\b(nude|naked|porn|explicit|horny|hookup|fictional|fake|operator|moderators? write|guarantee)/i;
    const text = (lander: Lander) =>
      [...copyFields.map((field) => lander[field]), ...lander.points.flat(), ...(lander.openers ?? [])].join(
        ' ',
      );
    for (const lander of landers) expect(text(lander), lander.slug).not.toMatch(banned);
  });

  it('finds a lander by any of its paths, with or without a trailing slash', () => {
    expect(landerForPath('/lander10')?.slug).toBe('casual-dating');
    expect(landerForPath('/landers/lander32/')?.slug).toBe('lander32');
    expect(landerForPath('/milf')?.slug).toBe('milf');
    expect(landerForPath('/landers/unknown')).toBeUndefined();
    expect(landerForPath('/')).toBeUndefined();
  });
});

describe('the landers routes', () => {
  const definitions = routeDefinitions(routes);

  it('declares each path once, with a title and description, for visitors on the guest layout', () => {
    const paths = definitions.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of specPaths) {
      const route = definitions.find((candidate) => candidate.path === path);
      expect(route, path).toMatchObject({ access: 'guest', layout: 'guest' });
      expect(route?.description, path).toBeTruthy();
    }
  });

  it('names SPEC routes on the main path and points each alias at it as canonical', () => {
    expect(definitions.find((route) => route.name === 'lander32')?.path).toBe('/landers/lander32');
    expect(definitions.find((route) => route.name === 'milf')?.path).toBe('/milf');
    expect(definitions.find((route) => route.name === 'blog')?.path).toBe('/blog');
    expect(definitions.find((route) => route.path === '/lander32')).toMatchObject({
      canonical: '/landers/lander32',
    });
    expect(definitions.find((route) => route.path === '/lander10')).toMatchObject({
      canonical: '/landers/casual-dating',
    });
    expect(definitions.find((route) => route.path === '/landers/lander32')?.canonical).toBeUndefined();
    const names = definitions.flatMap((route) => (route.name ? [route.name] : []));
    expect(new Set(names).size).toBe(names.length);
  });

  it("reaches every lander through the router's lander patterns, never through another page", () => {
    for (const path of landers.flatMap((lander) => lander.paths)) {
      expect(
        landerPatterns.some((pattern) => matchPath(pattern, path)),
        path,
      ).toBe(true);
      expect(pageRoutes.some((route) => matchPath(route.path, path))).toBe(false);
    }
    expect(landerPatterns.some((pattern) => matchPath(pattern, '/promo/spring'))).toBe(false);
  });

  it('lets members read the blog', () => {
    for (const path of ['/blog', '/blog/:slug']) {
      expect(definitions.find((route) => route.path === path)).toMatchObject({
        access: 'public',
        layout: 'blog',
      });
    }
  });
});
