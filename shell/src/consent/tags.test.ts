// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createTagLoader, GTAG_ORIGIN } from './tags';

const ids = { analytics_id: 'G-TEST1234', ads_id: 'AW-123456' };
const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);

afterEach(() => {
  document.head.innerHTML = '';
  delete window.dataLayer;
  delete window.gtag;
});

describe('analytics and ads tags', () => {
  it('requests nothing without consent or without a configured id', () => {
    const tags = createTagLoader();
    tags.apply(ids, { analytics: false, advertising: false });
    tags.apply({ analytics_id: '', ads_id: '' }, { analytics: true, advertising: true });
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads gtag.js once after consent and configures each consented id', () => {
    const tags = createTagLoader();
    tags.apply(ids, { analytics: true, advertising: false });
    expect(scripts()).toEqual([`${GTAG_ORIGIN}/gtag/js?id=G-TEST1234`]);
    tags.apply(ids, { analytics: true, advertising: true });
    tags.apply(ids, { analytics: true, advertising: true });
    expect(scripts()).toHaveLength(1);
    const configs = (window.dataLayer ?? [])
      .map((args) => [...(args as IArguments)])
      .filter((a) => a[0] === 'config');
    expect(configs).toEqual([
      ['config', 'G-TEST1234'],
      ['config', 'AW-123456'],
    ]);
  });

  it('withdrawing consent sets the opt-out flag and clears the tags’ cookies', () => {
    const tags = createTagLoader();
    tags.apply(ids, { analytics: true, advertising: false });
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the tag setting its cookie
    document.cookie = '_ga=GA1.1.123; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie that is not the tag's
    document.cookie = 'keep=1; path=/';
    tags.apply(ids, { analytics: false, advertising: false });
    expect((window as unknown as Record<string, unknown>)['ga-disable-G-TEST1234']).toBe(true);
    expect(document.cookie).not.toContain('_ga=');
    expect(document.cookie).toContain('keep=1');
  });
});
