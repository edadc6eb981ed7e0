import { memoryStorage } from '@ukd/api-client';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY, ATTRIBUTION_WINDOW_MS, createAttribution, nextTouch } from './attribution';

const DAY = 24 * 3600 * 1000;

describe('attribution capture', () => {
  it('reads the SPEC values, the affiliate and the landing path from a lander visit', () => {
    const touch = nextTouch(
      null,
      {
        pathname: '/landers/casual-dating',
        search: '?s1=fb&gclid=abc&s3=x&landing=2&aff=P42&tracking_id=t-1&utm_x=1',
      },
      1000,
    );
    expect(touch).toEqual({
      at: 1000,
      campaign: true,
      tracking: {
        s1: 'fb',
        s3: 'x',
        gclid: 'abc',
        landing: 2,
        aff: 'P42',
        tracking_id: 't-1',
        landing_path: '/landers/casual-dating',
      },
    });
  });

  it('drops values that break their rule and parameters given twice', () => {
    const touch = nextTouch(
      null,
      { pathname: '/', search: `?s1=<b>&s2=${'x'.repeat(101)}&s3=a&s3=b&landing=0&gclid=ok_1&aff=a%20b` },
      0,
    );
    expect(touch?.tracking).toEqual({ gclid: 'ok_1', landing_path: '/' });
  });

  it('first touch: a later campaign, or our own /?s1=blog link, does not replace the first', () => {
    const first = nextTouch(null, { pathname: '/lander32', search: '?s1=fb&gclid=abc' }, 0);
    const browse = nextTouch(first, { pathname: '/faq', search: '' }, 10);
    const blog = nextTouch(browse, { pathname: '/', search: '?s1=blog' }, 20);
    const affiliate = nextTouch(blog, { pathname: '/', search: '?aff=OTHER' }, 30);
    expect(affiliate).toBe(first);
  });

  it('a first visit without values gives way to the first campaign visit', () => {
    const organic = nextTouch(null, { pathname: '/faq', search: '' }, 0);
    expect(organic).toMatchObject({ campaign: false, tracking: { landing_path: '/faq' } });
    expect(nextTouch(organic, { pathname: '/register', search: '' }, 5)).toBe(organic);
    const campaign = nextTouch(organic, { pathname: '/', search: '?s1=blog' }, 10);
    expect(campaign).toMatchObject({ campaign: true, tracking: { s1: 'blog', landing_path: '/' } });
  });

  it('after 30 days a new visit starts over', () => {
    const old = nextTouch(null, { pathname: '/lander32', search: '?s1=fb' }, 0);
    expect(nextTouch(old, { pathname: '/', search: '?s1=google' }, ATTRIBUTION_WINDOW_MS - 1)).toBe(old);
    const fresh = nextTouch(old, { pathname: '/', search: '?s1=google' }, ATTRIBUTION_WINDOW_MS + 1);
    expect(fresh?.tracking.s1).toBe('google');
    // A touch dated in the future (a clock moved back) is not trusted either.
    expect(nextTouch(old, { pathname: '/milf', search: '' }, -DAY)?.tracking.landing_path).toBe('/milf');
  });

  it('keeps the values in memory only until advertising consent allows storing them', () => {
    const storage = memoryStorage();
    const attribution = createAttribution(storage, () => 0);
    attribution.setPersistence(false);
    attribution.visit('/landers/casual-dating', '?s1=fb&gclid=abc');
    attribution.visit('/faq', '');
    expect(attribution.forRegistration()).toEqual({
      s1: 'fb',
      gclid: 'abc',
      landing_path: '/landers/casual-dating',
    });
    expect(storage.getItem(ATTRIBUTION_STORAGE_KEY)).toBeNull();

    attribution.setPersistence(true);
    const reloaded = createAttribution(storage, () => DAY);
    reloaded.visit('/register', '?s1=other');
    expect(reloaded.forRegistration()).toMatchObject({ s1: 'fb', gclid: 'abc' });

    reloaded.setPersistence(false);
    expect(storage.getItem(ATTRIBUTION_STORAGE_KEY)).toBeNull();
  });

  it('ignores a stored value it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(ATTRIBUTION_STORAGE_KEY, '{not json');
    const attribution = createAttribution(storage, () => 0);
    expect(attribution.forRegistration()).toBeUndefined();
    storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify({ at: 'x', tracking: null }));
    expect(createAttribution(storage, () => 0).forRegistration()).toBeUndefined();
  });
});
