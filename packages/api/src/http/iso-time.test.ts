import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('writes exactly what toISOString writes', () => {
    const times = [
      0,
      Date.UTC(2026, 10, 28, 22, 37, 13, 765),
      Date.UTC(2024, 1, 29, 0, 0, 0, 5),
      Date.UTC(1999, 11, 31, 23, 59, 59, 50),
      Date.UTC(2000, 0, 1, 9, 8, 7, 0),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      new Date('0005-03-04T05:06:07.008Z').getTime(),
      new Date('0999-12-31T23:59:59.999Z').getTime(),
      -1,
    ];
    // And a spread of times across four centuries from 1900, every count of millisecond digits.
    for (let i = 0; i < 2000; i += 1) times.push(-2_208_988_800_000 + i * 6_311_390_123);
    for (const t of times) expect(isoTime(new Date(t)), String(t)).toBe(new Date(t).toISOString());
  });

  it('leaves years beyond four digits and invalid dates to toISOString', () => {
    const far = new Date('+010000-01-01T00:00:00.000Z');
    const before = new Date('-000001-06-01T00:00:00.000Z');
    expect(isoTime(far)).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTime(before)).toBe('-000001-06-01T00:00:00.000Z');
    expect(() => isoTime(new Date('not a time'))).toThrow(RangeError);
  });
});
