// @vitest-environment happy-dom
import type { User } from '@ukd/contracts/api';
import { describe, expect, it, vi } from 'vitest';
import { createProgress } from '../chrome/progress-bar';
import type { DeferredRealtime } from '../session/deferred-realtime';
import { type MemberShell, startMember } from './start-member';

const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('startMember', () => {
  it('opens the connection only once the page’s own calls and code have arrived', async () => {
    const pageWork = createProgress();
    pageWork.start(); // the page's data is on its way
    const instance = vi.fn(() => new Promise<never>(() => undefined));
    const realtime = { instance, owned: vi.fn(), disposeOwner: vi.fn() } as unknown as DeferredRealtime;
    const injectSlice = vi.fn();
    const shell = {
      injectSlice,
      store: { getState: () => ({}), dispatch: vi.fn() },
    } as unknown as MemberShell;

    void startMember({ uuid: 'me', rv: 3600 } as User, shell, realtime, pageWork);
    await pause();
    // The notifications slice is there at once (the bell reads it); the connection waits.
    expect(injectSlice).toHaveBeenCalledTimes(1);
    expect(instance).not.toHaveBeenCalled();

    pageWork.done();
    await pause();
    expect(instance).toHaveBeenCalledTimes(1);
  });
});
