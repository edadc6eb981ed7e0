// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function chunkError() {
  const error = new Error('Loading chunk 412 failed.\n(error: http://localhost/js/412.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('chunk load failures', () => {
  afterEach(() => vi.restoreAllMocks());

  it('recognises rspack chunk errors and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 7 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('reloads once, then leaves the error to the error page', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const storage = new Map<string, string>();
    const fakeStorage = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as Storage;

    expect(reloadOnceForChunkError(chunkError(), fakeStorage)).toBe(true);
    expect(reloadOnceForChunkError(chunkError(), fakeStorage)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
