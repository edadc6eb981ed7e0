/**
 * The one list of modules every unit shares as a singleton. Libraries that hold React context
 * or store state must exist once on the page, or hooks and selectors see a different copy than
 * the provider (duplicate React, "could not find react-redux context value").
 *
 * Subpath imports escape sharing, hence `react/` and `react-dom/` with the trailing slash.
 * Nothing is eager: `experiments.asyncStartup` negotiates versions before any unit code runs.
 */
/*
 * Not shared on purpose: @ukd/ui. Its context (ShellProvider) never crosses a React root, since
 * each remote wraps its own root, so every unit can bundle just the components it uses, and a
 * remote deployed alone never depends on components an older shell build lacks.
 */
export const sharedSingletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query/react',
  'react-router',
  'single-spa',
  'laravel-echo',
  'pusher-js',
  '@ukd/contracts',
  '@ukd/store',
  '@ukd/api-client',
  // The one RTK Query api every remote injects its endpoints into: a copy per remote would put
  // two apis under one reducer key, each middleware choking on the other's endpoints.
  '@ukd/api-client/rtk',
  '@ukd/realtime',
  '@ukd/validation',
] as const;

/**
 * Shared modules ship whole unless told which exports the site uses; react-router would cost
 * 61 KB gzipped on every first load instead of 13 KB. Whichever unit loads first provides the
 * copy every other unit gets, so this list must cover what any unit imports: a unit test scans
 * every unit's sources and fails when an import is missing here.
 */
export const treeShakenExports: Partial<Record<(typeof sharedSingletons)[number], string[]>> = {
  '@reduxjs/toolkit': [
    // What our units import:
    'createSlice',
    // What RTK Query (shared as @reduxjs/toolkit/query/react) imports from its core:
    'SHOULD_AUTOBATCH',
    'combineReducers',
    'configureStore',
    'createAction',
    'createAsyncThunk',
    'createNextState',
    'createSelector',
    'formatProdErrorMessage',
    'isAction',
    'isAllOf',
    'isAnyOf',
    'isAsyncThunkAction',
    'isFulfilled',
    'isPending',
    'isPlainObject',
    'isRejected',
    'isRejectedWithValue',
    'nanoid',
    'prepareAutoBatched',
  ],
  'react-redux': [
    'Provider',
    'useDispatch',
    'useSelector',
    'useStore',
    // RTK Query's React hooks:
    'ReactReduxContext',
    'batch',
    'shallowEqual',
  ],
  'single-spa': ['mountRootParcel', 'patchHistoryApi'],
  'react-router': [
    'BrowserRouter',
    'Link',
    'Navigate',
    'Route',
    'Routes',
    'matchRoutes',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
};

export type SharedConfig = {
  singleton: true;
  requiredVersion?: string;
  treeShaking?: { mode: 'runtime-infer' | 'server-calc'; usedExports?: string[] };
};

/** `react-dom/` -> `react-dom`, `@reduxjs/toolkit/query/react` -> `@reduxjs/toolkit`. */
export function packageOf(shareKey: string): string {
  const [first = '', second = ''] = shareKey.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * The shared config of one unit. A unit only offers what it depends on; the rest comes from
 * whichever unit loaded it first. `installedVersion` gives the version actually installed, so a
 * workspace dependency (`workspace:*`) still states a real range the runtime can check.
 */
export function sharedConfig(
  installedVersion: (pkg: string) => string | undefined,
): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const key of sharedSingletons) {
    const version = installedVersion(packageOf(key));
    if (version) shared[key] = { singleton: true, requiredVersion: `^${version}` };
    const usedExports = treeShakenExports[key];
    if (version && usedExports)
      shared[key] = { ...shared[key]!, treeShaking: { mode: 'runtime-infer', usedExports } };
  }
  return shared;
}
