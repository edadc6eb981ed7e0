import type { AbTestEvent } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { SiteLink, useShell } from '@ukd/ui';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import styles from './promo-badge.module.css';

/** SPEC §4: the badge shows only in variant v1, and only during these events. */
const promoEvents = ['summer', 'halloween'];
/** SPEC §9: how long a member is on /dashboard before the variant counts as viewed. */
export const PROMO_VIEW_DELAY_MS = 2000;

/**
 * SPEC §4 promo badge beside "Buy credits": '-40%' to the purchase page for members in
 * variant v1 during a summer or halloween event. Both variants report "viewed" (SPEC §7) once
 * the member has been on /dashboard for 2 s while an event runs, so v2 is the control group;
 * v1 also reports clicks.
 */
export function PromoBadge() {
  const shell = useShell();
  const user = useSelector(selectUser);
  const { pathname } = useLocation();
  const group = user?.features.promoBadge ?? null;
  const eventName = user?.eventName ?? null;
  const inTest = group !== null && eventName !== null;
  const onDashboard = pathname === '/dashboard';
  // Once per mount: coming back to /dashboard in the same page life is not a new view.
  const viewed = useRef(false);

  useEffect(() => {
    if (!shell || !group || !inTest || !onDashboard || viewed.current) return;
    const timer = setTimeout(() => {
      viewed.current = true;
      void track(shell.api, { ab_test_type: 'promo_badge', group, value: 'viewed' });
    }, PROMO_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shell, group, inTest, onDashboard]);

  if (group !== 'v1' || !eventName || !promoEvents.includes(eventName)) return null;
  return (
    <SiteLink
      to="/credits/buy"
      className={styles.badge}
      aria-label="Buy credits, 40% off"
      onClick={() => {
        if (shell) void track(shell.api, { ab_test_type: 'promo_badge', group, value: 'clicked' });
      }}
    >
      -40%
    </SiteLink>
  );
}

/** Tracking is best effort (SPEC §7): a failure is logged, never shown. */
function track(api: NonNullable<ReturnType<typeof useShell>>['api'], event: AbTestEvent) {
  return api('/ab-test-events', { method: 'POST', body: event }).catch((error: unknown) =>
    console.warn('promo badge tracking failed', error),
  );
}
