import type { Lander } from '../lander';
import { CallToAction } from './hero';
import styles from './sections.module.css';

type PointsStyle = 'cards' | 'steps' | 'rows';

/** A lander's three points, as benefit cards, numbered story steps or compact app-style rows. */
export function Points({ lander, heading, as }: { lander: Lander; heading: string; as: PointsStyle }) {
  const List = as === 'steps' ? 'ol' : 'ul';
  const id = `${lander.slug}-points`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {heading}
      </h2>
      <List className={styles[as]}>
        {lander.points.map(([title, text], index) => (
          <li key={title} className={styles.point}>
            {as === 'cards' ? null : (
              <span className={styles.marker} aria-hidden="true">
                {as === 'steps' ? index + 1 : '♥'}
              </span>
            )}
            <div>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </List>
    </section>
  );
}

/** The quick-start panel beside a split hero: the points as steps, then the call to action. */
export function QuickStart({ lander }: { lander: Lander }) {
  return (
    <aside className={styles.panel} aria-labelledby={`${lander.slug}-quick-start`}>
      <h2 id={`${lander.slug}-quick-start`}>Quick start</h2>
      <ol className={styles.checklist}>
        {lander.points.map(([title, text]) => (
          <li key={title}>
            <strong>{title}.</strong> {text}
          </li>
        ))}
      </ol>
      <CallToAction lander={lander} wide />
    </aside>
  );
}

/** Example first messages, said plainly to be ours and not a member's. */
export function Openers({ lander }: { lander: Lander }) {
  if (!lander.openers?.length) return null;
  const id = `${lander.slug}-openers`;
  return (
    <section className={`${styles.section} ${styles.openersSection}`} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        Openers to borrow
      </h2>
      <p className={styles.muted}>Examples written by our team. Change them to sound like you.</p>
      <ul className={styles.openers}>
        {lander.openers.map((line) => (
          <li key={line} className={styles.bubble}>
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
