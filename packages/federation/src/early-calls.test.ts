import { describe, expect, it, vi } from 'vitest';
import { createEarlyCalls, EARLY_CALL_TTL_MS } from './early-calls';

describe('early calls', () => {
  it('hands an answer to the first call that asks for it, once', async () => {
    const early = createEarlyCalls();
    const call = vi.fn(async () => 'page 1');
    early.start('latest:c1', call);
    expect(call).toHaveBeenCalledTimes(1);
    expect(early.take('latest:c2')).toBeUndefined();
    await expect(early.take('latest:c1')).resolves.toBe('page 1');
    expect(early.take('latest:c1')).toBeUndefined();
  });

  it('lets a stale answer go: the page asks afresh', () => {
    let clock = 0;
    const early = createEarlyCalls(() => clock);
    early.start('conversation:c1', async () => 'old');
    clock = EARLY_CALL_TTL_MS + 1;
    expect(early.take('conversation:c1')).toBeUndefined();
  });

  it('keeps a failure for the page that takes it, and leaves none unhandled when nobody does', async () => {
    const early = createEarlyCalls();
    early.start('conversation:gone', () => Promise.reject(new Error('404')));
    early.start('conversation:unused', () => Promise.reject(new Error('404')));
    await expect(early.take('conversation:gone')).rejects.toThrow('404');
  });
});
