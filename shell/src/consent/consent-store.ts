/**
 * The visitor's cookie choice (PECR): strictly necessary storage is always on; analytics and
 * advertising only after an explicit yes. Kept in first-party storage with its version and date:
 * a choice made under another version of the banner, or over a year ago, is asked again.
 */
export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_MS = 365 * 24 * 3600 * 1000;
export const CONSENT_STORAGE_KEY = 'cookie-consent';

export interface ConsentCategories {
  analytics: boolean;
  advertising: boolean;
}

export interface ConsentChoice extends ConsentCategories {
  version: number;
  /** ISO time the choice was made. */
  date: string;
}

export interface ConsentState {
  /** null: nothing decided yet (the banner shows). */
  choice: ConsentChoice | null;
  /** The visitor asked to change their choice (footer or privacy page). */
  open: boolean;
}

/** A stored choice that still holds, or null. Anything unreadable counts as no choice. */
export function readChoice(raw: string | null, now: number): ConsentChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentChoice> | null;
    if (
      !value ||
      value.version !== CONSENT_VERSION ||
      typeof value.analytics !== 'boolean' ||
      typeof value.advertising !== 'boolean' ||
      typeof value.date !== 'string'
    ) {
      return null;
    }
    const made = Date.parse(value.date);
    if (Number.isNaN(made) || made > now + 60_000 || now - made > CONSENT_MAX_AGE_MS) return null;
    return {
      version: value.version,
      date: value.date,
      analytics: value.analytics,
      advertising: value.advertising,
    };
  } catch {
    return null;
  }
}

export interface ConsentStore {
  current(): ConsentState;
  subscribe(listener: () => void): () => void;
  /** Records a choice (Accept: both true; Reject: both false; Choose: per category). */
  choose(categories: ConsentCategories): void;
  /** Shows the banner again so the visitor can change their choice. */
  reopen(): void;
  /** Closes a reopened banner without changing anything. */
  dismiss(): void;
}

/**
 * A cookie that says only "this visitor has chosen" (strictly necessary: it remembers the
 * choice), so the server can leave the banner out of a prerendered page, or put it in for a
 * first visit, where it is then part of the first paint. It lives as long as the choice holds.
 */
export const CONSENT_COOKIE = `cookie-consent=${CONSENT_VERSION}`;

export type ConsentCookie = (choice: ConsentChoice | null, now: number) => void;

/** The consent cookie in the browser's jar (a no-op outside one). */
export const documentConsentCookie: ConsentCookie = (choice, now) => {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const seconds = choice ? Math.floor((Date.parse(choice.date) + CONSENT_MAX_AGE_MS - now) / 1000) : 0;
  const jar = seconds > 0 ? CONSENT_COOKIE : 'cookie-consent=';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and value; the Cookie Store API is missing in Firefox
  document.cookie = `${jar}; Path=/; Max-Age=${Math.max(0, seconds)}; SameSite=Lax${secure}`;
};

export function createConsentStore(
  storage: Storage,
  now: () => number = Date.now,
  cookie: ConsentCookie = documentConsentCookie,
): ConsentStore {
  let state: ConsentState = { choice: readChoice(storage.getItem(CONSENT_STORAGE_KEY), now()), open: false };
  // A choice stored before the cookie existed, or one that expired: the cookie follows storage.
  cookie(state.choice, now());
  const listeners = new Set<() => void>();
  const set = (next: ConsentState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose({ analytics, advertising }) {
      const choice = {
        version: CONSENT_VERSION,
        date: new Date(now()).toISOString(),
        analytics,
        advertising,
      };
      storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
      cookie(choice, now());
      set({ choice, open: false });
    },
    reopen: () => set({ ...state, open: true }),
    dismiss: () => set({ ...state, open: false }),
  };
}
