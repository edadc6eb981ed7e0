/** SPEC §9: relative-time labels refresh every 60 s. */
export const RELATIVE_TIME_REFRESH_MS = 60_000;
/** SPEC §3/§9: `sentAt` is shortened on narrow screens (768 px or narrower). */
export const NARROW_SCREEN_QUERY = '(max-width: 768px)';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const long = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * When a message was sent, relative to `now`: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", then the date ("12 Mar", "12 Mar 2025" in another year).
 * `narrow` shortens it for phones: "now", "5m", "3h", "1d", "4d", "12 Mar".
 */
export function sentAt(timestamp: number, now: number, narrow: boolean): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return narrow ? 'now' : 'just now';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return narrow ? `${minutes}m` : long.format(-minutes, 'minute');
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return narrow ? `${hours}h` : long.format(-hours, 'hour');
  }
  if (elapsed < 7 * DAY) {
    const days = Math.floor(elapsed / DAY);
    return narrow ? `${days}d` : long.format(-days, 'day');
  }
  const date = new Date(timestamp);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return sameYear || narrow ? dayMonth.format(date) : dayMonthYear.format(date);
}

/** The exact time, for a tooltip / `<time dateTime>` title: "21 Nov 2026, 10:41". */
export function exactTime(timestamp: number): string {
  return new Date(timestamp).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
