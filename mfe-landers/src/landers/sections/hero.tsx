import { SiteLink } from '@ukd/ui';
import type { ReactNode } from 'react';
import { LanderArt } from '../../art/lander-art';
import type { Lander } from '../lander';
import styles from './sections.module.css';

/** The registration link every lander leads to; tracking from the landing URL is the shell's. */
export function CallToAction({ lander, wide = false }: { lander: Lander; wide?: boolean }) {
  return (
    <SiteLink
      to="/register"
      className={`ukd-button ukd-button--primary ${styles.cta} ${wide ? styles.wide : ''}`}
      data-cta={lander.slug}
    >
      {lander.callToAction}
    </SiteLink>
  );
}

/**
 * The top of a lander: headline, intro and call to action first (so a phone shows the button
 * without scrolling), then the illustration, or `aside` (a quick-start panel) in its place.
 */
export function Hero({
  lander,
  aside,
  compact = false,
}: {
  lander: Lander;
  aside?: ReactNode;
  compact?: boolean;
}) {
  return (
    <section
      className={`${styles.hero} ${styles[lander.theme]} ${compact ? styles.compact : ''} ${aside ? styles.withPanel : ''}`}
    >
      <div className={styles.heroInner}>
        <div className={styles.copy}>
          <h1 className={styles.headline}>{lander.headline}</h1>
          <p className={styles.intro}>{lander.intro}</p>
          <CallToAction lander={lander} wide={compact} />
          <p className={styles.smallPrint}>Free to join. For adults aged 18 and over.</p>
        </div>
        {aside ?? <LanderArt name={lander.art} className={styles.art} />}
      </div>
    </section>
  );
}

/** The last word: the call to action again, and the way in for members. */
export function Closing({ lander, withArt = false }: { lander: Lander; withArt?: boolean }) {
  return (
    <section className={`${styles.section} ${styles.closing}`}>
      {withArt ? (
        <LanderArt name={lander.art} className={`${styles.closingArt} ${styles[lander.theme]}`} />
      ) : null}
      <CallToAction lander={lander} />
      <p className={styles.muted}>
        Already a member? <SiteLink to="/login">Log in</SiteLink>
      </p>
    </section>
  );
}
