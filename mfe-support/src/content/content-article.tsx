import { Article, ArticleLead, type ArticleSection } from '@ukd/ui';
import { Children, type ComponentType, isValidElement, type ReactElement, type ReactNode } from 'react';
import { ContentLink, Fact, Facts, Notice, Question, Questions, SupportEmail } from './content-blocks';
import { CookieSettingsButton } from './cookie-settings-button';

type Components = Readonly<Record<string, ComponentType<never>>>;

/** A compiled `*.mdx` document. */
export type Content = (props: { components?: Components }) => ReactElement;

interface SectionProps {
  id: string;
  title: string;
  children?: ReactNode;
}

/** One titled part of a document, `<Section id="…" title="…">`; lifted into the article, never rendered. */
function Section(_: SectionProps): null {
  return null;
}

/** The larger first paragraph under the title, `<Lead>…</Lead>`. */
function Lead({ children }: { children?: ReactNode }) {
  return <ArticleLead>{children}</ArticleLead>;
}

export const blocks: Components = {
  a: ContentLink,
  Section,
  Lead,
  Notice,
  Facts,
  Fact,
  Questions,
  Question,
  SupportEmail,
  CookieSettingsButton,
};

/**
 * Compiled MDX is a plain function of its props (no hooks), so calling it gives the document's
 * top-level elements without rendering them. The article needs every section's id and title for
 * its contents box before any section renders, so each `<Section>` becomes one of its sections and
 * `<Lead>` its intro.
 */
function partsOf(content: Content) {
  const document = content({ components: blocks }) as ReactElement<{ children?: ReactNode }>;
  let intro: ReactNode = null;
  const sections: ArticleSection[] = [];
  for (const node of Children.toArray(document.props.children)) {
    if (typeof node === 'string' && !node.trim()) continue;
    if (isValidElement<SectionProps>(node) && node.type === Section) {
      const { id, title, children } = node.props;
      sections.push({ id, title, body: children });
    } else if (isValidElement(node) && node.type === Lead) intro = node;
    else throw new Error('Content must be a <Lead> and <Section>s; found something outside them.');
  }
  return { intro, sections };
}

/** A long-text page (legal copy, FAQ) whose text is an MDX document in `src/content`. */
export function ContentArticle({
  title,
  updated,
  content,
  children,
}: {
  title: string;
  /** ISO date the text last changed. */
  updated?: string;
  content: Content;
  /** After the last section, e.g. an `ArticleHelp`. */
  children?: ReactNode;
}) {
  const { intro, sections } = partsOf(content);
  return (
    <Article title={title} updated={updated} intro={intro} sections={sections}>
      {children}
    </Article>
  );
}
