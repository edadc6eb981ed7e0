import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { ConsentStore } from './consent-store';

const CookieBanner = lazy(() => import('./cookie-banner'));

/**
 * Shows the cookie banner when nothing is decided yet or the visitor asks to change their choice.
 * Its code is a chunk of its own, requested after the first paint (on idle), so it never delays
 * the page; a reopened banner loads at once.
 */
export function ConsentHost({ consent }: { consent: ConsentStore }) {
  const state = useSyncExternalStore(consent.subscribe, consent.current);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setPainted(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setPainted(true), 1);
    return () => clearTimeout(id);
  }, []);
  const show = state.open || (painted && state.choice === null);
  useEffect(() => {
    // The server showed the banner (no consent cookie) to a visitor whose choice is in storage.
    if (state.choice !== null) removePrerenderedBanner();
  }, [state.choice]);
  if (!show) return null;
  return createPortal(
    <Suspense fallback={null}>
      {/* A new key per opening: the banner starts from the stored choice each time. */}
      <CookieBanner key={state.choice?.date ?? 'new'} consent={consent} requested={state.open} />
      <ReplacesPrerenderedBanner />
    </Suspense>,
    bannerSlot(),
  );
}

/** The copy of the banner in a prerendered page, shown until the live one is there. */
function removePrerenderedBanner() {
  for (const copy of document.querySelectorAll('#cookie-consent > [data-prerendered]')) copy.remove();
}

/** Commits with the live banner (once its code is there), so no frame shows neither or both. */
function ReplacesPrerenderedBanner() {
  useLayoutEffect(removePrerenderedBanner, []);
  return null;
}

/** The banner's place: the first thing in the body, so it comes first in the tab order. */
function bannerSlot(): HTMLElement {
  let slot = document.getElementById('cookie-consent');
  if (!slot) {
    slot = document.createElement('div');
    slot.id = 'cookie-consent';
    document.body.prepend(slot);
  }
  return slot;
}
