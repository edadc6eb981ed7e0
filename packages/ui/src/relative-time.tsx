import { useSyncExternalStore } from 'react';
import { useMediaQuery } from './media-query';

/** SPEC §9: relative-time labels refresh every 60 s. */
export const RELATIVE_TIME_REFRESH_MS = 60_000;
/** SPEC §3: a message's `sentAt` is shortened on narrow screens (768 px or narrower). */
export const NARROW_SCREEN_QUERY = '(max-width: 768px)';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Made on first use, not when the module loads: the first `Intl.RelativeTimeFormat` of a page
// costs 20-25 ms (its locale data), and this module comes with the member chrome on every member
// page, most of which show no relative time at first.
function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    if (made === undefined) made = make();
    return made;
  };
}
const long = madeOnFirstUse(() => new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' }));
const dayMonth = madeOnFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }));
const dayMonthYear = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/**
 * How long ago `iso` was, seen at `now`: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", then the date ("12 Mar", "12 Mar 2025" in another year).
 * `narrow` shortens it for phones: "now", "5m", "3h", "1d", "4d", "12 Mar".
 */
export function relativeTime(
  iso: string,
  now: number,
  { narrow = false }: { narrow?: boolean } = {},
): string {
  const timestamp = Date.parse(iso);
  // A device clock slightly behind the server's reads as "just now", not "in 3 seconds".
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return narrow ? 'now' : 'just now';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return narrow ? `${minutes}m` : long().format(-minutes, 'minute');
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return narrow ? `${hours}h` : long().format(-hours, 'hour');
  }
  if (elapsed < 7 * DAY) {
    const days = Math.floor(elapsed / DAY);
    return narrow ? `${days}d` : long().format(-days, 'day');
  }
  const date = new Date(timestamp);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return sameYear || narrow ? dayMonth().format(date) : dayMonthYear().format(date);
}

/** The exact time, for a tooltip / `<time>` title: "21 Nov 2026, 10:41". */
export function exactTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

// One ticker for the whole page however many labels show: the first reader starts it, the last
// one stops it, and every label moves on in the same render.
let now = Date.now();
let ticker: ReturnType<typeof setInterval> | undefined;
const readers = new Set<() => void>();

function subscribeNow(onTick: () => void) {
  readers.add(onTick);
  ticker ??= setInterval(() => {
    now = Date.now();
    for (const reader of readers) reader();
  }, RELATIVE_TIME_REFRESH_MS);
  return () => {
    readers.delete(onTick);
    if (readers.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/**
 * While nothing reads the clock it does not tick, so the first reader after a quiet spell takes
 * a fresh time; a reading stays the same until the next tick, as `useSyncExternalStore` needs.
 */
function readNow(): number {
  if (ticker === undefined && Math.abs(Date.now() - now) >= RELATIVE_TIME_REFRESH_MS) now = Date.now();
  return now;
}

/** The current time, moving on every 60 s (SPEC §9), shared by every relative-time label. */
export function useNow(): number {
  return useSyncExternalStore(subscribeNow, readNow, readNow);
}

/** True at 768 px or narrower, where a message's time is shortened. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY);
}
