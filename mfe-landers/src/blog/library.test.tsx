// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import BlogArticlePage from '../pages/blog-article-page';
import BlogIndexPage from '../pages/blog-index-page';
import { articleBySlug, articles, articlesFrom, readingMinutesOf } from './library';

afterEach(cleanup);

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');
const content = (text: string) => () => createElement('div', null, createElement('p', null, text));
const meta = { title: 'A title', description: 'What it says', published: '2026-01-02' };

function at(path: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blog" element={element} />
        <Route path="/blog/:slug" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the blog library', () => {
  it('has at least five articles, each with a unique slug, title and description, newest first', () => {
    expect(articles.length).toBeGreaterThanOrEqual(5);
    for (const field of ['slug', 'title', 'description'] as const) {
      expect(new Set(articles.map((article) => article[field])).size, field).toBe(articles.length);
    }
    const dates = articles.map((article) => article.published);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const article of articles) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.readingMinutes, article.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it('counts reading time from the words in the document, at about 200 a minute', () => {
    expect(readingMinutesOf(content(words(40)))).toBe(1);
    expect(readingMinutesOf(content(words(600)))).toBe(3);
    expect(readingMinutesOf(content(''))).toBe(1);
  });

  it('takes the slug from the file name and refuses a file without complete metadata', () => {
    const [article] = articlesFrom({ './articles/hello-world.mdx': { default: content('hi'), meta } });
    expect(article).toMatchObject({ slug: 'hello-world', title: 'A title', readingMinutes: 1 });
    expect(() => articlesFrom({ './articles/x.mdx': { default: content('hi') } })).toThrow(
      /meta needs a title/,
    );
    expect(() =>
      articlesFrom({ './articles/x.mdx': { default: content('hi'), meta: { ...meta, description: '' } } }),
    ).toThrow(/description/);
    expect(() =>
      articlesFrom({ './articles/x.mdx': { default: content('hi'), meta: { ...meta, published: 'soon' } } }),
    ).toThrow(/ISO date/);
  });

  it('finds an article by slug and nothing for an unknown one', () => {
    expect(articleBySlug('first-messages')?.title).toBe('First messages that get replies');
    expect(articleBySlug('nope')).toBeUndefined();
    expect(articleBySlug(undefined)).toBeUndefined();
  });
});

describe('the blog pages', () => {
  it('lists every article with a link, its date and reading time', () => {
    at('/blog', <BlogIndexPage />);
    for (const article of articles) {
      expect(screen.getByRole('link', { name: article.title }).getAttribute('href')).toBe(
        `/blog/${article.slug}`,
      );
    }
    expect(screen.getAllByText(/min read$/)).toHaveLength(articles.length);
  });

  it('renders an article with its own headings, site links through the router and a way to join', () => {
    const { container } = at('/blog/staying-safe-online', <BlogArticlePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Staying safe when dating online in the UK',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Know the signs of a romance scam' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'how to report abuse' }).getAttribute('href')).toBe(
      '/report-abuse',
    );
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/?s1=blog');
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-02');
  });

  it('says so for an unknown article and links back to the list', () => {
    at('/blog/no-such-article', <BlogArticlePage />);
    expect(screen.getByRole('heading', { name: 'This article could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all articles' }).getAttribute('href')).toBe('/blog');
  });
});
