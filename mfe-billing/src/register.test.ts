import type { ShellContext } from '@ukd/contracts';
import { describe, expect, it } from 'vitest';
import { register } from './register';

describe('mfe-billing register', () => {
  it('offers the promo badge for the top-bar-promo slot, as lazily loaded lifecycles', async () => {
    const registration = register({} as ShellContext);
    expect(Object.keys(registration.widgets ?? {})).toEqual(['top-bar-promo']);
    const widget = await registration.widgets?.['top-bar-promo']?.();
    const lifecycles = widget?.default as { mount?: unknown; unmount?: unknown };
    expect(lifecycles.mount).toBeDefined();
    expect(lifecycles.unmount).toBeDefined();
  });
});
