import { describe, expect, it } from 'vitest';
import { widgetSlots } from './remote-widgets';

describe('widgetSlots', () => {
  const loader = () => Promise.resolve({ default: {} });

  it('lists the slots a remote fills, sorted, for its manifest entry', () => {
    expect(widgetSlots('mfe-x', { 'top-bar-promo': loader, 'seasonal-popup': loader })).toEqual([
      'seasonal-popup',
      'top-bar-promo',
    ]);
  });

  it('gives no slots to a remote without widgets', () => {
    expect(widgetSlots('mfe-x', undefined)).toBeUndefined();
    expect(widgetSlots('mfe-x', {})).toBeUndefined();
  });

  it('rejects a slot the shell does not have, and a widget that is not a loader', () => {
    expect(() => widgetSlots('mfe-x', { 'side-bar': loader })).toThrow(/unknown slot/);
    expect(() => widgetSlots('mfe-x', { 'top-bar-promo': 'promo.tsx' })).toThrow(/expected a loader/);
  });
});
