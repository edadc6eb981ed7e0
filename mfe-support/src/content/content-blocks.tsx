import { selectSettings } from '@ukd/store';
import { ArticleNotice, SiteLink, SupportEmailLink } from '@ukd/ui';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import facts from './facts.module.css';
import questions from './questions.module.css';

type Children = { children?: ReactNode };

/**
 * A markdown link: a path on the site is a client-side `SiteLink` (no reload, prefetched when
 * seen); anchors and mail links stay plain; another site opens without our window or referrer.
 */
export function ContentLink({ href = '', children }: Children & { href?: string }) {
  if (href.startsWith('/')) return <SiteLink to={href}>{children}</SiteLink>;
  const external = /^https?:/.test(href);
  return (
    <a href={href} rel={external ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}

/** A statement the reader must not miss, e.g. that most profiles are fictional. */
export function Notice({ children }: Children) {
  return <ArticleNotice>{children}</ArticleNotice>;
}

/** Terms and their explanations, two columns on wide screens. */
export function Facts({ children }: Children) {
  return <dl className={facts.facts}>{children}</dl>;
}

export function Fact({ term, children }: Children & { term: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** FAQ questions, each a disclosure that an address like `/faq#costs` opens. */
export function Questions({ children }: Children) {
  return <ul className={questions.questions}>{children}</ul>;
}

export function Question({ id, question, children }: Children & { id: string; question: string }) {
  return (
    <li>
      <details id={id} className={questions.question}>
        <summary>{question}</summary>
        <div className={questions.answer}>{children}</div>
      </details>
    </li>
  );
}

/**
 * The support address from the site's configuration (`SUPPORT_EMAIL`, read through
 * `GET /api/settings`), never written into the copy; until the settings arrive, the contact page.
 */
export function SupportEmail() {
  return <SupportEmailLink email={useSelector(selectSettings)?.support.email} />;
}
