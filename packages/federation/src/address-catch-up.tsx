import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Inside a `BrowserRouter`: if the address changed after the router read it and before it began
 * listening (a first render as a transition can take a while, and the shell or a link on the
 * prerendered page may navigate meanwhile), tells it, as the browser's Back would. Without it the
 * router kept drawing the page it began with under the new address.
 */
export function AddressCatchUp({ basename = '/' }: { basename?: string | undefined }) {
  // The address the router drew, with its basename (only what the shell shares of react-router).
  const { pathname, search, hash } = useLocation();
  const drawn = basename.replace(/\/$/, '') + pathname + search + hash;
  // A passive effect runs after every layout effect, so the router listens by then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit
  useEffect(() => {
    const { location } = window;
    if (location.pathname + location.search + location.hash !== drawn) {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }
  }, []);
  return null;
}
