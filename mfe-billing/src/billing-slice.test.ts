import { describe, expect, it } from 'vitest';
import {
  billingSlice,
  checkoutFinished,
  packageSelected,
  restoreCheckout,
  returnToSet,
} from './billing-slice';

const reduce = billingSlice.reducer;
const storageWith = (value: string | null) => ({ getItem: () => value });

describe('billing slice', () => {
  it('starts with no package (SPEC: selectedPackage is null until chosen)', () => {
    expect(restoreCheckout(storageWith(null))).toEqual({
      selectedPackage: null,
      checkoutKey: null,
      returnTo: null,
    });
  });

  it('gives every choice a new client key and forgets both when the checkout ends', () => {
    const first = reduce(undefined, packageSelected('credits-50'));
    const again = reduce(first, packageSelected('credits-50'));
    expect(first.selectedPackage).toBe('credits-50');
    expect(again.checkoutKey).not.toBe(first.checkoutKey);
    expect(reduce(again, checkoutFinished())).toEqual({
      selectedPackage: null,
      checkoutKey: null,
      returnTo: null,
    });
  });

  it('ignores a stored checkout that is malformed or names an unknown package', () => {
    for (const bad of [
      '{',
      '[]',
      '{"selectedPackage":"credits-1","checkoutKey":"k"}',
      '{"selectedPackage":"credits-20"}',
    ]) {
      expect(restoreCheckout(storageWith(bad))).toEqual({
        selectedPackage: null,
        checkoutKey: null,
        returnTo: null,
      });
    }
    expect(restoreCheckout(storageWith('{"selectedPackage":"credits-20","checkoutKey":"k1"}'))).toEqual({
      selectedPackage: 'credits-20',
      checkoutKey: 'k1',
      returnTo: null,
    });
  });

  it('remembers only a path on this site to come back to, kept by a new choice', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/a b', '/x?y=1']) {
      expect(reduce(undefined, returnToSet(bad)).returnTo).toBeNull();
    }
    const back = reduce(undefined, returnToSet('/messages/0b6f3c1e-2c4a-4d6e-9b1a-3f5e7d9c1a2b'));
    expect(reduce(back, packageSelected('credits-20')).returnTo).toBe(
      '/messages/0b6f3c1e-2c4a-4d6e-9b1a-3f5e7d9c1a2b',
    );
    expect(restoreCheckout(storageWith('{"returnTo":"//evil.example"}')).returnTo).toBeNull();
    expect(restoreCheckout(storageWith('{"returnTo":"/messages/abc"}')).returnTo).toBe('/messages/abc');
  });
});
