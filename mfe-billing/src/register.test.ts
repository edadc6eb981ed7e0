import type { ShellContext } from '@ukd/contracts';
import { createEventBus, createShellStore } from '@ukd/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_STORAGE_KEY, packageSelected } from './billing-slice';
import { register } from './register';
import { routes } from './routes';

const storage = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => storage.set(k, v),
  removeItem: (k: string) => storage.delete(k),
});
afterEach(() => storage.clear());

function fakeShell() {
  const { store, injectSlice, addMiddleware } = createShellStore({
    api: vi.fn() as unknown as ShellContext['api'],
  });
  return {
    store,
    bus: createEventBus(),
    injectSlice,
    installBaseApi: vi.fn((api: Parameters<ShellContext['installBaseApi']>[0]) => {
      injectSlice(api);
      addMiddleware(api.middleware);
    }),
  } as unknown as ShellContext;
}

describe('mfe-billing register', () => {
  it('offers the promo badge and the seasonal offer for their slots, as lazily loaded lifecycles', async () => {
    const registration = register(fakeShell());
    expect(Object.keys(registration.widgets ?? {})).toEqual(['top-bar-promo', 'seasonal-popup']);
    const widget = await registration.widgets?.['top-bar-promo']?.();
    const lifecycles = widget?.default as { mount?: unknown; unmount?: unknown };
    expect(lifecycles.mount).toBeDefined();
    expect(lifecycles.unmount).toBeDefined();
  });

  it('leaves RTK Query out of register: the first page that calls the API installs it, once', async () => {
    const shell = fakeShell();
    register(shell);
    expect(shell.installBaseApi).not.toHaveBeenCalled();
    const howToPay = routes.find((route) => route.path === '/how-to-pay');
    const prices = routes.find((route) => route.path === '/prices');
    const checkout = routes.find((route) => route.path === '/credits/buy');
    await howToPay?.page();
    expect(shell.installBaseApi).not.toHaveBeenCalled();
    await prices?.page();
    await checkout?.page();
    expect(shell.installBaseApi).toHaveBeenCalledOnce();
  });

  it('injects the billing slice, and keeps the checkout per tab', () => {
    const shell = fakeShell();
    const registration = register(shell);
    shell.store.dispatch(packageSelected('credits-120'));
    const saved = JSON.parse(storage.get(CHECKOUT_STORAGE_KEY) ?? '{}');
    expect(saved.selectedPackage).toBe('credits-120');
    expect(saved.checkoutKey).toMatch(/^[0-9a-f-]{36}$/);
    registration.dispose?.();
    shell.store.dispatch(packageSelected('credits-20'));
    expect(JSON.parse(storage.get(CHECKOUT_STORAGE_KEY) ?? '{}').selectedPackage).toBe('credits-120');
  });

  it('remembers the conversation a member left to buy credits, and nothing else', () => {
    const shell = fakeShell();
    register(shell);
    const returnTo = () =>
      (shell.store.getState() as { billing: { returnTo: string | null } }).billing.returnTo;
    const go = (pathname: string) => shell.bus.emit('shell:route-changed', { pathname, search: '' });
    go('/dashboard');
    go('/credits/package');
    expect(returnTo()).toBeNull();
    go('/messages/0b6f3c1e-2c4a-4d6e-9b1a-3f5e7d9c1a2b');
    go('/credits/buy');
    expect(returnTo()).toBe('/messages/0b6f3c1e-2c4a-4d6e-9b1a-3f5e7d9c1a2b');
  });
});
