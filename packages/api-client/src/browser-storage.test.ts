import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage, resetBrowserStorage } from './browser-storage';
import { createTokenStore } from './token-store';

function blockStorage() {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(globalThis, name, { configurable: true, get: refuse });
  }
  resetBrowserStorage();
}

afterEach(() => {
  for (const name of ['localStorage', 'sessionStorage']) delete (globalThis as Record<string, unknown>)[name];
  resetBrowserStorage();
  vi.restoreAllMocks();
});

describe('browser storage with a memory fallback (issue #13: blank page when storage is blocked)', () => {
  it('keeps working in memory when reading localStorage itself throws', () => {
    blockStorage();
    const local = browserStorage('local');
    expect(local.getItem('x')).toBeNull();
    local.setItem('x', '1');
    expect(local.getItem('x')).toBe('1');
    expect(local.length).toBe(1);
    local.clear();
    expect(local.getItem('x')).toBeNull();
    expect(() => browserStorage('session').setItem('y', '2')).not.toThrow();
  });

  it('keeps the member’s tokens for the life of the page when storage is blocked', () => {
    blockStorage();
    const tokens = createTokenStore();
    tokens.save({ access_token: 'access', refresh_token: 'refresh' });
    expect(tokens.access()).toBe('access');
    expect(tokens.refresh()).toBe('refresh');
    tokens.clear();
    expect(tokens.access()).toBeNull();
  });

  it('uses the real storage when allowed, and memory once a call throws (quota)', () => {
    const items = new Map<string, string>();
    let full = false;
    const real = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (full && key !== '__ukd_storage_probe__') throw new DOMException('full', 'QuotaExceededError');
        items.set(key, value);
      },
      removeItem: (key: string) => items.delete(key),
      clear: () => items.clear(),
      key: () => null,
      get length() {
        return items.size;
      },
    };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: real });
    resetBrowserStorage();
    const local = browserStorage('local');
    local.setItem('a', '1');
    expect(items.get('a')).toBe('1');
    full = true;
    expect(() => local.setItem('b', '2')).not.toThrow();
    expect(local.getItem('b')).toBe('2');
  });
});
