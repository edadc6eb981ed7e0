import { describe, expect, it } from 'vitest';
import { billingSlice, checkoutFinished, packageSelected, restoreCheckout } from './billing-slice';

const reduce = billingSlice.reducer;
const storageWith = (value: string | null) => ({ getItem: () => value });

describe('billing slice', () => {
  it('starts with no package (SPEC: selectedPackage is null until chosen)', () => {
    expect(restoreCheckout(storageWith(null))).toEqual({ selectedPackage: null, checkoutKey: null });
  });

  it('gives every choice a new client key and forgets both when the checkout ends', () => {
    const first = reduce(undefined, packageSelected('credits-50'));
    const again = reduce(first, packageSelected('credits-50'));
    expect(first.selectedPackage).toBe('credits-50');
    expect(again.checkoutKey).not.toBe(first.checkoutKey);
    expect(reduce(again, checkoutFinished())).toEqual({ selectedPackage: null, checkoutKey: null });
  });

  it('ignores a stored checkout that is malformed or names an unknown package', () => {
    for (const bad of [
      '{',
      '[]',
      '{"selectedPackage":"credits-1","checkoutKey":"k"}',
      '{"selectedPackage":"credits-20"}',
    ]) {
      expect(restoreCheckout(storageWith(bad))).toEqual({ selectedPackage: null, checkoutKey: null });
    }
    expect(restoreCheckout(storageWith('{"selectedPackage":"credits-20","checkoutKey":"k1"}'))).toEqual({
      selectedPackage: 'credits-20',
      checkoutKey: 'k1',
    });
  });
});
