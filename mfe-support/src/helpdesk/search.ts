import { Children, isValidElement, type ReactNode } from 'react';
import { blocks, type Content } from '../content/content-article';
import type { HelpArticle } from './articles';

/**
 * The words of an MDX document, read from the element tree its function returns (nothing is
 * rendered): children, plus the `title` and `question` props that blocks show as headings.
 */
export function contentText(content: Content): string {
  const words: string[] = [];
  const visit = (node: ReactNode) => {
    if (typeof node === 'string' || typeof node === 'number') words.push(String(node));
    else if (isValidElement<{ children?: ReactNode; title?: unknown; question?: unknown }>(node)) {
      const { children, title, question } = node.props;
      if (typeof title === 'string') words.push(title);
      if (typeof question === 'string') words.push(question);
      Children.forEach(children, visit);
    }
  };
  visit(content({ components: blocks }));
  return words.join(' ');
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '');

/** The query's words, each at least two letters (so "a" or "I" does not match everything). */
export function queryWords(query: string): string[] {
  return normalise(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
}

/**
 * Articles containing every word of the query, best first: a word in the title counts most, then
 * in the summary or keywords, then in the text (once loaded; until then, title, summary and
 * keywords alone).
 */
export function searchArticles(
  articles: readonly HelpArticle[],
  query: string,
  texts: ReadonlyMap<string, string>,
): HelpArticle[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const scored: { article: HelpArticle; score: number }[] = [];
  for (const article of articles) {
    const title = normalise(article.title);
    const about = normalise(`${article.summary} ${article.keywords}`);
    const body = normalise(texts.get(article.slug) ?? '');
    let score = 0;
    for (const word of words) {
      if (title.includes(word)) score += 4;
      else if (about.includes(word)) score += 2;
      else if (body.includes(word)) score += 1;
      else {
        score = 0;
        break;
      }
    }
    if (score > 0) scored.push({ article, score });
  }
  return scored.sort((a, b) => b.score - a.score).map(({ article }) => article);
}
