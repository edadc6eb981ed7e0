import { SiteLink } from '@ukd/ui';
import { useLocation } from 'react-router';
import { landerForPath } from '../landers/catalog';
import styles from './landing.module.css';

/** One template for every campaign lander; the copy comes from the catalog entry for the path. */
export default function LanderPage() {
  const { pathname } = useLocation();
  const lander = landerForPath(pathname);
  if (!lander) return null;

  return (
    <div className={styles.page} data-lander={lander.slug}>
      <section className={`${styles.hero} ${styles[lander.theme]}`}>
        <div className={styles.heroInner}>
          <h1 className={styles.headline}>{lander.headline}</h1>
          <p className={styles.intro}>{lander.intro}</p>
          <div className={styles.actions}>
            <SiteLink to="/register" className="ukd-button ukd-button--primary">
              {lander.callToAction}
            </SiteLink>
          </div>
          <p className={styles.smallPrint}>18+ only. Most profiles are fictional; see our terms.</p>
        </div>
      </section>
      <section className={styles.section}>
        <ul className={styles.benefits}>
          {lander.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <p className={styles.smallPrint}>
          Already a member? <SiteLink to="/login">Log in</SiteLink>
        </p>
      </section>
    </div>
  );
}
