import type { RouteDefinition } from '@ukd/contracts';
import { useEffect } from 'react';
import { useShellServices } from '../session/shell-services';

/**
 * Every page view of a public page offers its query string to the attribution, at boot and on
 * each navigation. Member pages never do (members do not register again), and neither does the
 * `guest-no-affiliate` layout (/no-affiliate), which promises to record nothing.
 */
export function useAttributionCapture(route: RouteDefinition | null, pathname: string, search: string) {
  const { attribution } = useShellServices();
  const recorded = route !== null && route.access !== 'member' && route.layout !== 'guest-no-affiliate';
  useEffect(() => {
    if (recorded) attribution.visit(pathname, search);
  }, [attribution, recorded, pathname, search]);
}
