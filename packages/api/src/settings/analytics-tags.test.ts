import { describe, expect, it, vi } from 'vitest';
import { analyticsTagsFromEnv } from './analytics-tags';

describe('analytics and ads tag ids from the environment', () => {
  it('are off unless configured', () => {
    expect(analyticsTagsFromEnv({})).toEqual({ analyticsId: '', adsId: '' });
  });

  it('reads well-formed ids', () => {
    expect(analyticsTagsFromEnv({ ANALYTICS_ID: ' G-AB12CD34EF ', ADS_ID: 'AW-1234567890' })).toEqual({
      analyticsId: 'G-AB12CD34EF',
      adsId: 'AW-1234567890',
    });
  });

  it('ignores, with a warning, an id that could smuggle anything into a script URL', () => {
    const warn = vi.fn();
    const tags = analyticsTagsFromEnv({ ANALYTICS_ID: 'G-1"><script>', ADS_ID: 'G-ABCDEF' }, warn);
    expect(tags).toEqual({ analyticsId: '', adsId: '' });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
