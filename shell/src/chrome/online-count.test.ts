import { describe, expect, it } from 'vitest';
import { groupedCount } from './online-count';

describe('groupedCount', () => {
  it('groups thousands as en-GB does', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 999_999, 1_234_567]) {
      expect(groupedCount(count)).toBe(count.toLocaleString('en-GB'));
    }
  });
});
