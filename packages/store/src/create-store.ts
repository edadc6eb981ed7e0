import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { InjectableSlice } from '@ukd/contracts';
import { formErrorsSlice } from './form-errors-slice';
import { sessionSlice } from './session-slice';
import { siteSlice } from './site-slice';

/** Slices that remotes inject at run time declare themselves here by module augmentation. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface LazyLoadedSlices {}

export function createShellStore() {
  const rootReducer = combineSlices(
    siteSlice,
    sessionSlice,
    formErrorsSlice,
  ).withLazyLoadedSlices<LazyLoadedSlices>();
  const store = configureStore({ reducer: rootReducer });
  const injected = new Set<string>();

  function injectSlice(slice: InjectableSlice) {
    if (injected.has(slice.reducerPath)) return;
    injected.add(slice.reducerPath);
    rootReducer.inject(slice as Parameters<typeof rootReducer.inject>[0]);
    // Give the new slice its initial state now rather than on the next unrelated action.
    store.dispatch({ type: `shell/injected/${slice.reducerPath}` });
  }

  return { store, injectSlice };
}

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type RootState = ReturnType<ShellStore['getState']>;
export type AppDispatch = ShellStore['dispatch'];
