import type { RouteDefinition } from '@ukd/contracts';
import { useEffect } from 'react';
import { useShellServices } from '../session/shell-services';

/** Pages that promise to record no campaign or affiliate values (SPEC §2's /no-affiliate). */
export const UNTRACKED_PATHS: readonly string[] = ['/no-affiliate'];

/** Whether a page view may start or feed the attribution. */
export function isTrackedPage(route: RouteDefinition | null, pathname: string): boolean {
  // Member pages never do: members do not register again.
  return (
    route !== null &&
    route.access !== 'member' &&
    !UNTRACKED_PATHS.includes(pathname.replace(/\/+$/, '') || '/')
  );
}

/**
 * Every page view of a public page offers its query string to the attribution, at boot and on
 * each navigation. By path, not layout: the landers share the `guest-no-affiliate` layout too.
 */
export function useAttributionCapture(route: RouteDefinition | null, pathname: string, search: string) {
  const { attribution } = useShellServices();
  const recorded = isTrackedPage(route, pathname);
  useEffect(() => {
    if (recorded) attribution.visit(pathname, search);
  }, [attribution, recorded, pathname, search]);
}
