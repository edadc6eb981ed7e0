import { whenIdle } from './prefetch-policy';

/** What `afterPageWork` reads of the shell's progress: whether API calls or remote loads are in flight. */
export interface PageWork {
  busy(): boolean;
  subscribe(listener: () => void): () => void;
}

/** The longest an extra waits for the page's own work to end (a page that polls never does). */
export const pageWorkWaitMs = 10_000;

/**
 * Runs `task` (a slot's widget) once the page has no API call or remote load in flight and the
 * main thread is idle: an extra started while the page's own code and data were still coming
 * took the phone's bandwidth and main thread from them (issue 15: the billing remote's widgets,
 * 48 KB and a 70–140 ms task, loaded just before a conversation's largest paint). After
 * `pageWorkWaitMs` it waits for nothing but an idle moment. Answers a function that cancels.
 */
export function afterPageWork(work: PageWork, task: () => void): () => void {
  const giveUpAt = Date.now() + pageWorkWaitMs;
  let cancelled = false;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopWatching = () => {
    unsubscribe?.();
    unsubscribe = null;
    clearTimeout(timer);
  };
  // Work that began while the browser found its idle moment sends the extra back to waiting.
  const runWhenIdle = () =>
    whenIdle(() => {
      if (cancelled) return;
      if (work.busy() && Date.now() < giveUpAt) wait();
      else task();
    });
  function wait() {
    if (!work.busy() || Date.now() >= giveUpAt) {
      runWhenIdle();
      return;
    }
    unsubscribe = work.subscribe(() => {
      if (work.busy()) return;
      stopWatching();
      runWhenIdle();
    });
    timer = setTimeout(
      () => {
        stopWatching();
        runWhenIdle();
      },
      Math.max(0, giveUpAt - Date.now()),
    );
  }
  wait();
  return () => {
    cancelled = true;
    stopWatching();
  };
}
