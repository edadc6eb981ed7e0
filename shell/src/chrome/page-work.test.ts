// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { afterPageWork, pageWorkWaitMs } from './page-work';
import { createProgress } from './progress-bar';

describe('afterPageWork', () => {
  const pause = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs an extra at an idle moment when the page has nothing in flight', async () => {
    const task = vi.fn();
    afterPageWork(createProgress(), task);
    await pause();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while the page’s calls or remote loads are in flight, and runs once they end', async () => {
    const progress = createProgress();
    const task = vi.fn();
    progress.start();
    progress.start();
    afterPageWork(progress, task);
    await pause();
    progress.done();
    await pause();
    expect(task).not.toHaveBeenCalled();
    progress.done();
    await pause();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('goes back to waiting when the page starts more work before the idle moment', async () => {
    const progress = createProgress();
    const task = vi.fn();
    progress.start();
    afterPageWork(progress, task);
    progress.done();
    // The page's data call starts right after its code arrived, in the same turn.
    await Promise.resolve();
    progress.start();
    await pause();
    expect(task).not.toHaveBeenCalled();
    progress.done();
    await pause();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a page that never settles after pageWorkWaitMs', async () => {
    vi.useFakeTimers();
    try {
      const progress = createProgress();
      const task = vi.fn();
      progress.start();
      afterPageWork(progress, task);
      await vi.advanceTimersByTimeAsync(pageWorkWaitMs - 100);
      expect(task).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2_200);
      expect(task).toHaveBeenCalledTimes(1);
      expect(progress.busy()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never runs once cancelled (the slot left the page)', async () => {
    const progress = createProgress();
    const task = vi.fn();
    progress.start();
    const cancel = afterPageWork(progress, task);
    cancel();
    progress.done();
    await pause();
    expect(task).not.toHaveBeenCalled();
  });
});
