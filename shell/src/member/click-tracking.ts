import type { ApiRequest } from '@ukd/contracts';
import type { TrackClick } from '@ukd/contracts/api';

/** SPEC §9: at most one click report a second. */
export const trackThrottleMs = 1000;

/** SPEC §7 `POST /user-track-clicks`; failures are only logged (SPEC §8). */
export function createClickTracker(api: ApiRequest, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return function track(click: TrackClick) {
    if (now() - last < trackThrottleMs) return;
    last = now();
    api('/user-track-clicks', { method: 'POST', body: click }).catch((error: unknown) =>
      console.warn('click tracking failed', error),
    );
  };
}

export type ClickTracker = ReturnType<typeof createClickTracker>;
