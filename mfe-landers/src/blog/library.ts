import type { ComponentType, ReactNode } from 'react';
import { Children, isValidElement } from 'react';

/** What an article file says about itself: `export const meta = { … }` at its top. */
export interface ArticleMeta {
  title: string;
  description: string;
  /** ISO date, e.g. `2026-10-14`. */
  published: string;
}

export interface BlogArticle extends ArticleMeta {
  /** The file name without `.mdx`: the article lives at `/blog/<slug>`. */
  slug: string;
  /** At about 200 words a minute, rounded, at least one. */
  readingMinutes: number;
  Content: ComponentType<{ components?: Readonly<Record<string, ComponentType<never>>> }>;
}

const wordsPerMinute = 200;

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return `${node} `;
  if (!isValidElement<{ children?: ReactNode }>(node)) return '';
  return Children.toArray(node.props.children).map(textOf).join('');
}

/**
 * Compiled MDX is a plain function of its props (no hooks), so calling it gives the document's
 * elements; their text is what a reader reads.
 */
export function readingMinutesOf(Content: BlogArticle['Content']): number {
  const render = Content as (props: object) => ReactNode;
  const words = textOf(render({})).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / wordsPerMinute));
}

function metaOf(file: string, value: unknown): ArticleMeta {
  const meta = (value ?? {}) as Partial<Record<keyof ArticleMeta, unknown>>;
  for (const field of ['title', 'description', 'published'] as const) {
    if (typeof meta[field] !== 'string' || !meta[field]) {
      throw new Error(`${file}: export const meta needs a ${field}`);
    }
  }
  if (Number.isNaN(Date.parse(meta.published as string))) {
    throw new Error(`${file}: meta.published must be an ISO date`);
  }
  return meta as ArticleMeta;
}

/** The articles in a set of compiled `.mdx` modules, newest first; a file without meta is an error. */
export function articlesFrom(modules: Record<string, unknown>): BlogArticle[] {
  return Object.entries(modules)
    .map(([file, module]): BlogArticle => {
      const { default: Content, meta } = module as { default: BlogArticle['Content']; meta?: unknown };
      const slug = file.replace(/^.*\//, '').replace(/\.mdx$/, '');
      return { slug, ...metaOf(file, meta), readingMinutes: readingMinutesOf(Content), Content };
    })
    .sort((a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug));
}

/** Every article in `./articles`: adding one is adding a file there and deploying mfe-landers. */
export const articles = articlesFrom(import.meta.glob('./articles/*.mdx', { eager: true }));

export function articleBySlug(slug: string | undefined): BlogArticle | undefined {
  return articles.find((article) => article.slug === slug);
}

export const publishedDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
