import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './browser-storage';
import { computeDeviceId } from './device-id';

/** The id `computeDeviceId` answers, read as the test goes (undefined until it has answered). */
function answerOf(storage: Storage): () => string | undefined {
  let id: string | undefined;
  void computeDeviceId(storage).then((value) => {
    id = value;
  });
  return () => id;
}

describe('computeDeviceId', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', {
      userAgent: 'phone',
      language: 'en-GB',
      languages: ['en-GB'],
      hardwareConcurrency: 8,
    });
    vi.stubGlobal('screen', { width: 390, height: 844, colorDepth: 24 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('computes the fingerprint hash at an idle moment on a first visit and keeps it', async () => {
    const storage = memoryStorage();
    const id = answerOf(storage);
    await Promise.resolve();
    expect(id()).toBeUndefined();
    await vi.waitFor(() => expect(id()).toMatch(/^[0-9a-f]{32}$/));
    expect(storage.getItem('device.id')).toBe(id());
  });

  it('answers at once with the id kept from an earlier visit, and computes the new one meanwhile', async () => {
    const storage = memoryStorage();
    storage.setItem('device.id', 'a'.repeat(32));
    const id = answerOf(storage);
    await Promise.resolve();
    expect(id()).toBe('a'.repeat(32));
    await vi.waitFor(() => expect(storage.getItem('device.id')).not.toBe('a'.repeat(32)));
    expect(storage.getItem('device.id')).toMatch(/^[0-9a-f]{32}$/);
    expect(id()).toBe('a'.repeat(32));
  });

  it('ignores a stored value that is not an id', async () => {
    const storage = memoryStorage();
    storage.setItem('device.id', '<script>');
    const id = answerOf(storage);
    await Promise.resolve();
    expect(id()).toBeUndefined();
    await vi.waitFor(() => expect(id()).toMatch(/^[0-9a-f]{32}$/));
  });
});
