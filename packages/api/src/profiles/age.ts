/** The number written in `text` from `from` up to `to`: digits only, as a `YYYY-MM-DD` date has. */
function digitsOf(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/** Whole years from a `YYYY-MM-DD` birth date to `now` (UTC calendar). Read digit by digit: every
 * member card computes it (24 a page of profiles), and splitting the text was 2 % of that page. */
export function ageOn(dateOfBirth: string, now = new Date()): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) throw new RangeError(`not a date: ${dateOfBirth}`);
  const y = digitsOf(dateOfBirth, 0, 4);
  const m = digitsOf(dateOfBirth, 5, 7);
  const d = digitsOf(dateOfBirth, 8, 10);
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Latest birth date of someone at least `age` years old today. */
export function bornOnOrBefore(age: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  return isoDate(d);
}

/** Earliest birth date (exclusive) of someone at most `age` years old today. */
export function bornAfter(age: number, now = new Date()): string {
  return bornOnOrBefore(age + 1, now);
}
