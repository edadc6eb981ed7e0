import { combineSlices, configureStore, createDynamicMiddleware, type Middleware } from '@reduxjs/toolkit';
import type { ApiRequest, InjectableSlice } from '@ukd/contracts';
import { formErrorsSlice } from './form-errors-slice';
import { sessionSlice } from './session-slice';
import { siteSlice } from './site-slice';

/** Slices that remotes inject at run time declare themselves here by module augmentation. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface LazyLoadedSlices {}

/** What thunks and RTK Query's base query receive as `extra`: the shell's API client. */
export interface ThunkExtra {
  api: ApiRequest;
}

const noApi: ThunkExtra = { api: () => Promise.reject(new Error('No API client')) };

export function createShellStore(extra: ThunkExtra = noApi) {
  const rootReducer = combineSlices(
    siteSlice,
    sessionSlice,
    formErrorsSlice,
  ).withLazyLoadedSlices<LazyLoadedSlices>();
  // Remotes bring middleware (RTK Query's) with them; it joins the store when they register.
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(dynamicMiddleware.middleware),
  });
  const injected = new Set<string>();
  const added = new Set<Middleware>();

  function injectSlice(slice: InjectableSlice) {
    if (injected.has(slice.reducerPath)) return;
    injected.add(slice.reducerPath);
    rootReducer.inject(slice as Parameters<typeof rootReducer.inject>[0]);
    // Give the new slice its initial state now rather than on the next unrelated action.
    store.dispatch({ type: `shell/injected/${slice.reducerPath}` });
  }

  function addMiddleware(middleware: Middleware) {
    if (added.has(middleware)) return;
    added.add(middleware);
    dynamicMiddleware.addMiddleware(middleware);
  }

  return { store, injectSlice, addMiddleware };
}

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type RootState = ReturnType<ShellStore['getState']>;
export type AppDispatch = ShellStore['dispatch'];
