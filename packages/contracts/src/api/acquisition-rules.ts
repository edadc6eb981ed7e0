// Where a visitor came from (SPEC §3 tracking values), without zod: the shell reads these on
// every public page at boot, so they must not pull the schema library into the first load.
// The API checks the same rules with zod at its edge (`./acquisition.ts`).

/** SPEC §3: s1 to s5 default to 'empty', landing to 1. */
export const TRACKING_DEFAULTS = { s: 'empty', landing: 1 } as const;

export const SOURCE_KEYS = ['s1', 's2', 's3', 's4', 's5'] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];

/**
 * Each value's shape. A value that breaks its rule is dropped, never cut short: a truncated
 * gclid or affiliate code would credit a click or a partner that does not exist, while a
 * dropped one is honestly reported as unknown (`empty`). Anything dropped never blocks a sign-up.
 */
export const TRACKING_RULES = {
  /** Campaign labels: letters, digits and . _ ~ : | + - (no spaces, no markup). */
  source: /^[A-Za-z0-9._~:|+-]{1,100}$/,
  /** Google's click id is base64url-like; real ones are about 100 characters. */
  gclid: /^[A-Za-z0-9_-]{1,512}$/,
  /** An affiliate's code or a partner's tracking id. */
  code: /^[A-Za-z0-9._-]{1,64}$/,
  /** Which variant of the landing page (SPEC: default 1). */
  landing: /^[1-9][0-9]{0,3}$/,
  /** The site path the visitor first landed on (no query string). */
  path: /^\/[A-Za-z0-9/._~-]{0,199}$/,
} as const;

/** What a registration carries about where the visitor came from (all optional on the wire). */
export interface RegistrationTracking {
  s1?: string;
  s2?: string;
  s3?: string;
  s4?: string;
  s5?: string;
  gclid?: string;
  tracking_id?: string;
  landing?: number;
  /** The affiliate's code from `?aff=`. */
  aff?: string;
  /** The path of the page the visitor first landed on, e.g. `/landers/casual-dating`. */
  landing_path?: string;
}

/** A raw value when it keeps its rule, else undefined. */
export function keepIfValid(value: unknown, rule: RegExp): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return rule.test(trimmed) ? trimmed : undefined;
}

/** Whether the query string names any tracking value (a "touch" worth attributing). */
export const TRACKING_PARAMS = [...SOURCE_KEYS, 'gclid', 'tracking_id', 'landing', 'aff'] as const;

/**
 * The valid tracking values of one query string; invalid ones are left out. A parameter given
 * twice (`s1=a&s1=b`) is ambiguous and dropped.
 */
export function trackingFromQuery(search: string): RegistrationTracking {
  const params = new URLSearchParams(search);
  const one = (name: string) => (params.getAll(name).length === 1 ? params.get(name) : undefined);
  const out: RegistrationTracking = {};
  for (const key of SOURCE_KEYS) {
    const value = keepIfValid(one(key), TRACKING_RULES.source);
    if (value) out[key] = value;
  }
  const gclid = keepIfValid(one('gclid'), TRACKING_RULES.gclid);
  if (gclid) out.gclid = gclid;
  const trackingId = keepIfValid(one('tracking_id'), TRACKING_RULES.code);
  if (trackingId) out.tracking_id = trackingId;
  const aff = keepIfValid(one('aff'), TRACKING_RULES.code);
  if (aff) out.aff = aff;
  const landing = keepIfValid(one('landing'), TRACKING_RULES.landing);
  if (landing) out.landing = Number(landing);
  return out;
}

/** How an affiliate applicant says they will promote the site (`POST /api/affiliate-applications`). */
export const AFFILIATE_PROMOTION_CHANNELS = ['website', 'social', 'email', 'paid-search', 'other'] as const;
