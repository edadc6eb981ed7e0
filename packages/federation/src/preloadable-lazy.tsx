import { type ComponentType, lazy, useState } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Fetches the component's code now; the first render after it arrived does not suspend. */
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` that renders the component at once when its code has already arrived (fetched
 * with `preload()`), instead of suspending for a microtask. Suspending is not free: React
 * holds back every Suspense reveal on the page, in every root, until 300 ms after the last
 * fallback it showed, so one needless fallback kept a member's whole page off screen for a
 * further 180–300 ms (traced on /dashboard, whose code had loaded beside the session check).
 * A failed load is forgotten, so the next render or preload tries again.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded component, at module level, never per render
  function Preloadable(props: P) {
    // Fixed per mount: an instance that began with the lazy wrapper keeps it, since swapping
    // component types would remount everything below.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
