import { browserStorage } from '@ukd/api-client';

const reloadedKey = 'shell.chunk-reload-at';
/** A second failure within this window is a real outage, not a stale deploy: stop reloading. */
const reloadWindowMs = 60_000;

/** rspack rejects a failed lazy chunk with `ChunkLoadError: Loading chunk N failed.` */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [^\s]+ failed/i.test(error.message);
}

/**
 * After a deploy, a tab still running the old code asks for chunks that no longer exist.
 * Reloading once picks up the new build; the timestamp stops a reload loop.
 */
export function reloadOnceForChunkError(
  error: unknown,
  storage: Storage = browserStorage('session'),
): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(storage.getItem(reloadedKey) ?? 0);
  if (Date.now() - last < reloadWindowMs) return false;
  storage.setItem(reloadedKey, String(Date.now()));
  window.location.reload();
  return true;
}

export function installChunkErrorReload() {
  window.addEventListener('unhandledrejection', (event) => {
    if (reloadOnceForChunkError(event.reason)) event.preventDefault();
  });
}
