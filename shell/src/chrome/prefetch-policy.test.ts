import { describe, expect, it } from 'vitest';
import { connectionAllowsPrefetch } from './prefetch-policy';

const nav = (onLine: boolean, connection?: object) => ({ onLine, connection }) as unknown as Navigator;

describe('connectionAllowsPrefetch', () => {
  it('prefetches on a normal or unknown connection', () => {
    expect(connectionAllowsPrefetch(nav(true))).toBe(true);
    expect(connectionAllowsPrefetch(nav(true, { effectiveType: '4g' }))).toBe(true);
    expect(connectionAllowsPrefetch(nav(true, { effectiveType: '3g' }))).toBe(true);
  });

  it('holds back offline, on data saver and on 2g', () => {
    expect(connectionAllowsPrefetch(nav(false))).toBe(false);
    expect(connectionAllowsPrefetch(nav(true, { saveData: true, effectiveType: '4g' }))).toBe(false);
    expect(connectionAllowsPrefetch(nav(true, { effectiveType: '2g' }))).toBe(false);
    expect(connectionAllowsPrefetch(nav(true, { effectiveType: 'slow-2g' }))).toBe(false);
  });
});
