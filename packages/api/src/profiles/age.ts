/** Whole years from a `YYYY-MM-DD` birth date to `now` (UTC calendar). */
export function ageOn(dateOfBirth: string, now = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
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
