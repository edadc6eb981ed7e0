import { createSlice } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { createShellStore } from './create-store';
import { createEventBus } from './event-bus';
import { remoteUnavailable, selectUnavailableRemotes } from './site-slice';

describe('createShellStore', () => {
  it('injects a remote slice with its initial state, once', () => {
    const { store, injectSlice } = createShellStore();
    const counter = createSlice({ name: 'mfe-landers/visits', initialState: { seen: 3 }, reducers: {} });
    injectSlice(counter);
    injectSlice(counter);
    expect((store.getState() as Record<string, unknown>)['mfe-landers/visits']).toEqual({ seen: 3 });
  });

  it('tracks unavailable remotes without duplicates', () => {
    const { store } = createShellStore();
    store.dispatch(remoteUnavailable('mfe-support'));
    store.dispatch(remoteUnavailable('mfe-support'));
    expect(selectUnavailableRemotes(store.getState())).toEqual(['mfe-support']);
  });
});

describe('createEventBus', () => {
  it('delivers to every handler even when one throws, and unsubscribes', () => {
    const errors: unknown[] = [];
    const bus = createEventBus((e) => errors.push(e));
    const seen: string[] = [];
    bus.on('shell:toast', () => {
      throw new Error('broken remote');
    });
    const off = bus.on('shell:toast', ({ message }) => seen.push(message));
    bus.emit('shell:toast', { type: 'info', message: 'hello' });
    off();
    bus.emit('shell:toast', { type: 'info', message: 'ignored' });
    expect(seen).toEqual(['hello']);
    expect(errors).toHaveLength(2);
  });

  it('lets a handler unsubscribe itself while the event is being delivered', () => {
    const bus = createEventBus();
    const second = vi.fn();
    const off = bus.on('shell:route-changed', () => off());
    bus.on('shell:route-changed', second);
    bus.emit('shell:route-changed', { pathname: '/', search: '' });
    expect(second).toHaveBeenCalledOnce();
  });
});
