import {
  keepIfValid,
  type RegistrationTracking,
  TRACKING_RULES,
  trackingFromQuery,
} from '@ukd/contracts/api/acquisition-rules';

/**
 * Where a visitor came from, for their registration. First touch: the first visit that carried
 * campaign values (SPEC §3: s1…s5, gclid, tracking_id, landing, and an affiliate's aff) is kept
 * for 30 days; later visits, our own `/?s1=blog` links included, do not overwrite it, so the
 * campaign or partner that brought the visitor is the one credited. A first visit without values
 * records its landing path and gives way to the first campaign visit.
 */
export const ATTRIBUTION_WINDOW_MS = 30 * 24 * 3600 * 1000;
export const ATTRIBUTION_STORAGE_KEY = 'acquisition';

export interface Touch {
  tracking: RegistrationTracking;
  /** When it was recorded (ms). */
  at: number;
  /** It carried campaign values (not just a landing path). */
  campaign: boolean;
}

export function nextTouch(
  current: Touch | null,
  visit: { pathname: string; search: string },
  now: number,
): Touch | null {
  const live = current && now >= current.at && now - current.at < ATTRIBUTION_WINDOW_MS ? current : null;
  if (live?.campaign) return live;
  const tracking = trackingFromQuery(visit.search);
  const campaign = Object.keys(tracking).length > 0;
  if (live && !campaign) return live;
  const path = keepIfValid(visit.pathname, TRACKING_RULES.path);
  return { tracking: path ? { ...tracking, landing_path: path } : tracking, at: now, campaign };
}

function parseTouch(raw: string | null): Touch | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Touch> | null;
    if (!value || typeof value.at !== 'number' || typeof value.tracking !== 'object' || !value.tracking)
      return null;
    return { tracking: value.tracking, at: value.at, campaign: value.campaign === true };
  } catch {
    return null;
  }
}

export interface Attribution {
  /** A page view: its query string may start (or, after 30 days, replace) the attribution. */
  visit(pathname: string, search: string): void;
  /** What the registration request carries. */
  forRegistration(): RegistrationTracking | undefined;
  /**
   * Keeping it across page loads is storage on the visitor's device for advertising, so it needs
   * that consent (PECR); without it the values live as long as the page (in-site navigation).
   */
  setPersistence(allowed: boolean): void;
}

export function createAttribution(storage: Storage, now: () => number = Date.now): Attribution {
  let persist = false;
  let touch: Touch | null = parseTouch(storage.getItem(ATTRIBUTION_STORAGE_KEY));
  const save = () => {
    if (persist && touch) storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(touch));
  };
  return {
    visit(pathname, search) {
      const next = nextTouch(touch, { pathname, search }, now());
      if (next === touch) return;
      touch = next;
      save();
    },
    forRegistration: () => (touch ? { ...touch.tracking } : undefined),
    setPersistence(allowed) {
      persist = allowed;
      if (allowed) save();
      else storage.removeItem(ATTRIBUTION_STORAGE_KEY);
    },
  };
}
