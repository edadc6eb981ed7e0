import type { ApiRequest, InjectableSlice } from '@ukd/contracts';
import {
  type Action,
  applyMiddleware,
  combineReducers,
  legacy_createStore as createStore,
  type Middleware,
  type Reducer,
  type Store,
  type UnknownAction,
} from 'redux';
import { type FormErrorsState, formErrorsSlice } from './form-errors-slice';
import { type SessionState, sessionSlice } from './session-slice';
import { type SiteState, siteSlice } from './site-slice';

/** Slices that remotes inject at run time declare themselves here by module augmentation. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface LazyLoadedSlices {}

/** What thunks and RTK Query's base query receive as `extra`: the shell's API client. */
export interface ThunkExtra {
  api: ApiRequest;
}

export type RootState = {
  site: SiteState;
  session: SessionState;
  formErrors: FormErrorsState;
} & Partial<LazyLoadedSlices>;

/** A function dispatched instead of an action (thunks, RTK Query's endpoints). */
export type Thunk<R = unknown> = (dispatch: AppDispatch, getState: () => RootState, extra: ThunkExtra) => R;

export interface AppDispatch {
  <A extends Action>(action: A): A;
  <R>(thunk: Thunk<R>): R;
}

export type ShellStore = Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };

/** One link of the dispatch chain. */
type Step = (action: unknown) => unknown;

const noApi: ThunkExtra = { api: () => Promise.reject(new Error('No API client')) };

/**
 * The one store of the page, made with Redux alone: the shell's own state (site, session, form
 * errors) needs no Redux Toolkit, so a visitor's first page downloads none of it (issue 15).
 * Remotes bring their Toolkit slices and RTK Query's api with them; `injectSlice` mounts their
 * reducers and `addMiddleware` their middleware, as `combineSlices().inject` and
 * `createDynamicMiddleware` did. Thunks get the shell's API client as `extra`.
 */
export function createShellStore(extra: ThunkExtra = noApi) {
  const reducers: Record<string, Reducer> = {
    [siteSlice.reducerPath]: siteSlice.reducer,
    [sessionSlice.reducerPath]: sessionSlice.reducer,
    [formErrorsSlice.reducerPath]: formErrorsSlice.reducer,
  };
  const thunks: Middleware = (api) => (next) => (action) =>
    typeof action === 'function' ? action(api.dispatch, api.getState, extra) : next(action);

  // Middleware added later joins the chain at the next action, each set up once with the store.
  const added: Middleware[] = [];
  const dynamic: Middleware = (api) => (next) => {
    const chain: ((next: Step) => Step)[] = [];
    let through: Step = next;
    return (action) => {
      if (chain.length < added.length) {
        for (const middleware of added.slice(chain.length)) chain.push(middleware(api));
        through = chain.reduceRight((inner, wrap) => wrap(inner), next);
      }
      return through(action);
    };
  };

  const store = createStore(
    combineReducers(reducers) as unknown as Reducer<RootState>,
    applyMiddleware(thunks, dynamic),
  ) as unknown as ShellStore;

  function injectSlice(slice: InjectableSlice) {
    if (slice.reducerPath in reducers) return;
    reducers[slice.reducerPath] = slice.reducer;
    // Replacing the reducer also gives the new slice its initial state at once.
    store.replaceReducer(combineReducers(reducers) as unknown as Reducer<RootState>);
  }

  function addMiddleware(middleware: Middleware) {
    if (added.includes(middleware)) return;
    added.push(middleware);
  }

  return { store, injectSlice, addMiddleware };
}
