import { describe, expect, it } from 'vitest';
import { ageOn, bornAfter, bornOnOrBefore } from './age';

describe('a member’s age', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it('counts whole years, turning on the birthday itself', () => {
    expect(ageOn('2000-06-15', on('2026-06-14'))).toBe(25);
    expect(ageOn('2000-06-15', on('2026-06-15'))).toBe(26);
    expect(ageOn('2000-06-15', on('2026-12-31'))).toBe(26);
    expect(ageOn('2000-12-31', on('2027-01-01'))).toBe(26);
    expect(ageOn('1990-01-01', on('2026-01-01'))).toBe(36);
  });

  it('agrees with the birth-date bounds the search uses', () => {
    const now = on('2026-02-28');
    expect(ageOn(bornOnOrBefore(18, now), now)).toBe(18);
    // bornAfter(17) is exclusive: born on it, a member is already 18.
    expect(ageOn(bornAfter(17, now), now)).toBe(18);
    // Born on 29 February: 18 on 1 March in a year without one.
    expect(ageOn('2008-02-29', on('2026-02-28'))).toBe(17);
    expect(ageOn('2008-02-29', on('2026-03-01'))).toBe(18);
  });

  it('refuses text that is not a date rather than guessing', () => {
    expect(() => ageOn('1990-1-1', on('2026-01-01'))).toThrow(RangeError);
    expect(() => ageOn('', on('2026-01-01'))).toThrow(RangeError);
  });
});
