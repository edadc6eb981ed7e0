/// <reference path="../../../types/css-modules.d.ts" />
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import styles from './article.module.css';

/** One part of a long page: the contents box and the page body are both built from this list. */
export interface ArticleSection {
  /** Anchor id, so a part can be linked to, e.g. `/terms-of-use#cancellation`. */
  id: string;
  title: string;
  body: ReactNode;
}

interface ArticleProps {
  title: string;
  /** ISO date the text last changed; shown as "Last updated". */
  updated?: string;
  /** Text between the title and the contents box. */
  intro?: ReactNode;
  sections: readonly ArticleSection[];
  /** Text after the last section, e.g. an `ArticleHelp`. */
  children?: ReactNode;
}

const displayDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A long-text page: title, contents box with anchors, then one titled section per part. */
export function Article({ title, updated, intro, sections, children }: ArticleProps) {
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

/** The larger first paragraph under an article's title. */
export function ArticleLead({ children }: { children: ReactNode }) {
  return <p className={styles.lead}>{children}</p>;
}

/** A statement the reader must not miss, e.g. that most profiles are fictional. */
export function ArticleNotice({ children }: { children: ReactNode }) {
  return <div className={styles.notice}>{children}</div>;
}

/** A row of button-like links. */
export function ArticleActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** The "still need help?" box closing an article, with its links to support. */
export function ArticleHelp({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <aside className={styles.help} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      <ArticleActions>{actions}</ArticleActions>
    </aside>
  );
}

/**
 * The page renders after the browser has already tried to jump to `#anchor`, so jump once it is
 * there, and on every later anchor change. A closed disclosure (an FAQ answer) that is the
 * target opens.
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
