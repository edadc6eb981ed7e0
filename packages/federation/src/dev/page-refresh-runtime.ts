/**
 * Development only: what each unit's React Fast Refresh code gets for `react-refresh/runtime`.
 *
 * The page must run one refresh runtime. It has to see React DOM register itself (the shell's
 * copy is hooked in before React loads; a remote's would come too late) and React DOM keeps one
 * family resolver, set by whichever runtime refreshed last. So the first unit's bundled runtime
 * becomes the page's, and every unit registers its components in it under its own name: module
 * ids are paths relative to each unit (`./src/app.tsx`) and would otherwise collide.
 */
import * as bundledRuntime from 'react-refresh/runtime';

type RefreshRuntime = typeof bundledRuntime;

const pageKey = Symbol.for('ukd.reactRefreshRuntime');
const page = globalThis as typeof globalThis & { [pageKey]?: RefreshRuntime };
const runtime = page[pageKey] ?? bundledRuntime;
page[pageKey] = runtime;
const unit = new URLSearchParams(__resourceQuery).get('unit');

export function register(type: unknown, id: string) {
  runtime.register(type, `${unit} ${id}`);
}

export const {
  createSignatureFunctionForTransform,
  getFamilyByType,
  injectIntoGlobalHook,
  isLikelyComponentType,
  performReactRefresh,
} = runtime;
