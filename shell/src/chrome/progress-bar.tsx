import { useEffect, useState, useSyncExternalStore } from 'react';

/** SPEC §9: the bar creeps to the end over 5 s and appears only for work taking over 200 ms. */
export const progressDurationMs = 5000;
export const progressThrottleMs = 200;

/** Counts work in flight (API calls, route loads); the bar shows while the count is above zero. */
export function createProgress() {
  let active = 0;
  let notifying = false;
  const listeners = new Set<() => void>();
  // Work starts inside React effects; the bar must not re-render the shell's root synchronously
  // there (see `request` in @ukd/api-client for the React error this avoids), so listeners hear
  // of a change one microtask later, once per burst.
  const notify = () => {
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      for (const listener of listeners) listener();
    });
  };
  return {
    start() {
      active++;
      if (active === 1) notify();
    },
    done() {
      active = Math.max(0, active - 1);
      if (active === 0) notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    busy: () => active > 0,
  };
}

export type Progress = ReturnType<typeof createProgress>;

export function ProgressBar({ progress }: { progress: Progress }) {
  const busy = useSyncExternalStore(progress.subscribe, progress.busy);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      const hide = setTimeout(() => setVisible(false), progressThrottleMs);
      return () => clearTimeout(hide);
    }
    const show = setTimeout(() => setVisible(true), progressThrottleMs);
    return () => clearTimeout(show);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      className={`shell-progress${busy ? '' : ' shell-progress--done'}`}
      role="progressbar"
      aria-label="Loading"
      style={{ animationDuration: `${progressDurationMs}ms` }}
    />
  );
}
