import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpiringCache } from './expiring-cache';

/** A load the test finishes by hand, counting how often it was started. */
function controlledLoad<V>() {
  const started: ((value: V) => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      started.push(resolve);
      fail.push(reject);
    });
  return { load, started, fail };
}

describe('ExpiringCache', () => {
  afterEach(() => vi.useRealTimers());

  it('lets callers that miss together share one read, then answers from memory until it expires', async () => {
    vi.useFakeTimers();
    const cache = new ExpiringCache<number, string>(2_000);
    const { load, started } = controlledLoad<string>();
    const answers = Promise.all(Array.from({ length: 200 }, () => cache.get(1, load)));
    expect(started).toHaveLength(1);
    started[0]?.('settings v1');
    expect(new Set(await answers)).toEqual(new Set(['settings v1']));
    expect(await cache.get(1, load)).toBe('settings v1');
    expect(started).toHaveLength(1);
    vi.advanceTimersByTime(2_001);
    const again = cache.get(1, load);
    expect(started).toHaveLength(2);
    started[1]?.('settings v2');
    expect(await again).toBe('settings v2');
  });

  it('does not keep a read that began before a change, nor hand it to callers after the change', async () => {
    const cache = new ExpiringCache<number, string>(2_000);
    const { load, started } = controlledLoad<string>();
    const before = cache.get(1, load);
    cache.delete(1);
    const after = cache.get(1, load);
    expect(started).toHaveLength(2);
    started[1]?.('new');
    started[0]?.('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.get(1, load)).toBe('new');
    expect(started).toHaveLength(2);
  });

  it('keeps neither failures nor values it is told not to keep', async () => {
    const cache = new ExpiringCache<string, string | null>(60_000, (value) => value !== null);
    const { load, started, fail } = controlledLoad<string | null>();
    const failed = cache.get('site', load);
    fail[0]?.(new Error('database unavailable'));
    await expect(failed).rejects.toThrow('database unavailable');
    const unknown = cache.get('nope', load);
    started[1]?.(null);
    expect(await unknown).toBeNull();
    void cache.get('site', load);
    void cache.get('nope', load);
    expect(started).toHaveLength(4);
  });
});
