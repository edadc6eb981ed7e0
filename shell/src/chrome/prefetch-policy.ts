interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** SPEC §2: no prefetching on slow or data-saver connections, or offline. */
export function connectionAllowsPrefetch(nav: Navigator = navigator): boolean {
  if (nav.onLine === false) return false;
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** SPEC §9: link prefetch waits for an idle moment, at most 2000 ms (so do slots' widgets). */
export const prefetchIdleTimeoutMs = 2000;

export function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: prefetchIdleTimeoutMs });
  else setTimeout(task, 1);
}
