import { useEffect, useState, useSyncExternalStore } from 'react';
import { NARROW_SCREEN_QUERY, RELATIVE_TIME_REFRESH_MS } from './relative-time';

/** The current time, moving on every `intervalMs` (SPEC §9: relative times refresh every 60 s). */
export function useNow(intervalMs: number = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function subscribeNarrow(onChange: () => void) {
  if (typeof matchMedia === 'undefined') return () => undefined;
  const query = matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True at 768 px or narrower, where `sentAt` is shortened. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => typeof matchMedia !== 'undefined' && matchMedia(NARROW_SCREEN_QUERY).matches,
    () => false,
  );
}
