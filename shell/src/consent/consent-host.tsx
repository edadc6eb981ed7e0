import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
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
  if (!show) return null;
  return createPortal(
    <Suspense fallback={null}>
      {/* A new key per opening: the banner starts from the stored choice each time. */}
      <CookieBanner key={state.choice?.date ?? 'new'} consent={consent} requested={state.open} />
    </Suspense>,
    bannerSlot(),
  );
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
