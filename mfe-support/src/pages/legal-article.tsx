import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import styles from './legal.module.css';

/** One part of a long page: the contents box and the page body are both built from this list. */
export interface ArticleSection {
  /** Anchor id, so a part can be linked to, e.g. `/terms-of-use#cancellation`. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalArticleProps {
  title: string;
  /** ISO date the text last changed; shown as "Last updated". */
  updated?: string;
  /** Text between the title and the contents box. */
  intro?: ReactNode;
  sections: readonly ArticleSection[];
  /** Text after the last section. */
  children?: ReactNode;
}

const displayDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A long-text page: title, contents box with anchors, then one titled section per part. */
export function LegalArticle({ title, updated, intro, sections, children }: LegalArticleProps) {
  useScrollToHash();
  return (
    <article className={styles.article} aria-labelledby="article-title">
      <header className={styles.header}>
        <h1 id="article-title">{title}</h1>
        {updated ? (
          <p className={styles.updated}>
            Last updated: <time dateTime={updated}>{displayDate.format(new Date(updated))}</time>
          </p>
        ) : null}
        {intro}
      </header>

      <nav className={styles.toc} aria-labelledby="article-contents">
        <h2 id="article-contents">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className={styles.section}
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.body}
        </section>
      ))}

      {children}
    </article>
  );
}

/**
 * The page renders after the browser has already tried to jump to `#anchor`, so jump once it is
 * there, and on every later anchor change. A closed FAQ answer that is the target opens.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView?.();
  }, [hash]);
}
