import { Button } from '@ukd/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ConsentStore } from './consent-store';

/**
 * The cookie banner (PECR): Accept all, Reject all (same weight as Accept) and Choose, which
 * lists the categories with their own switches. It overlays the bottom of the page, so it moves
 * nothing. It sits first in the page's tab order; it takes focus when the visitor asked for it,
 * or on a first visit while nothing else has focus (never from someone already typing in a form).
 */
export default function CookieBanner({ consent, requested }: { consent: ConsentStore; requested: boolean }) {
  const { choice } = consent.current();
  const [choosing, setChoosing] = useState(false);
  const [analytics, setAnalytics] = useState(choice?.analytics ?? false);
  const [advertising, setAdvertising] = useState(choice?.advertising ?? false);
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = document.activeElement;
    if (requested || !active || active === document.body) panel.current?.focus();
  }, [requested]);

  function onKeyDown(event: KeyboardEvent) {
    // Escape steps back out of Choose, or closes a banner reopened over an existing choice.
    if (event.key !== 'Escape') return;
    if (choosing) setChoosing(false);
    else if (choice) consent.dismiss();
  }

  return (
    <section
      ref={panel}
      className="shell-consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="shell-consent__title">
        Cookies on this site
      </h2>
      <p id={textId} className="shell-consent__text">
        We use strictly necessary storage to keep you signed in and remember this choice. With your permission
        we would also use analytics cookies to see how the site is used, and advertising cookies to learn
        which adverts and partners bring new members. Nothing optional is set until you say yes.{' '}
        {/* A plain router link: a SiteLink would prefetch the privacy page's remote on a first visit. */}
        <Link to="/privacy#cookies">How we use cookies</Link>
      </p>
      {choosing && (
        <fieldset className="shell-consent__choices">
          <legend>Choose which cookies we may use</legend>
          <label>
            <input type="checkbox" checked disabled /> Strictly necessary (always on): sign-in, security and
            this choice
          </label>
          <label>
            <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />{' '}
            Analytics: Google Analytics counts visits and pages viewed
          </label>
          <label>
            <input type="checkbox" checked={advertising} onChange={(e) => setAdvertising(e.target.checked)} />{' '}
            Advertising: Google Ads conversion tracking, and remembering which advert or partner sent you
          </label>
        </fieldset>
      )}
      <div className="shell-consent__actions">
        {choosing ? (
          <Button onClick={() => consent.choose({ analytics, advertising })}>Save my choices</Button>
        ) : (
          <>
            <Button onClick={() => consent.choose({ analytics: true, advertising: true })}>Accept all</Button>
            <Button onClick={() => consent.choose({ analytics: false, advertising: false })}>
              Reject all
            </Button>
            <Button variant="secondary" onClick={() => setChoosing(true)}>
              Choose
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
