// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPageMeta, useDocumentTitle, usePageMeta } from './page-effects';

function Page(props: { pathname: string; description?: string; canonical?: string | null }) {
  usePageMeta(props.pathname, props.description, props.canonical);
  return null;
}

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;

describe('page meta', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="description" content="The site, in a line." />';
  });
  afterEach(cleanup);

  it("sets the route's description and returns to the site's own on a route without one", () => {
    const { rerender } = render(<Page pathname="/lander32" description="Join free tonight." />);
    expect(description()).toBe('Join free tonight.');
    rerender(<Page pathname="/faq" />);
    expect(description()).toBe('The site, in a line.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('links an alias to its canonical path, a page to itself, and a missing page to nothing', () => {
    const { rerender } = render(<Page pathname="/lander32" canonical="/landers/lander32" />);
    expect(canonical()).toBe(`${window.location.origin}/landers/lander32`);
    rerender(<Page pathname="/blog/first-messages" />);
    expect(canonical()).toBe(`${window.location.origin}/blog/first-messages`);
    rerender(<Page pathname="/nowhere" canonical={null} />);
    expect(canonical()).toBeUndefined();
    rerender(<Page pathname="/milf" />);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });
});

describe('a page that names itself', () => {
  it('titles the document as SPEC §9 writes titles and sets its description', () => {
    document.head.innerHTML =
      '<title>Blog - Flirtlane</title><meta name="description" content="The blog." />';
    applyPageMeta({ title: 'Your first message', description: 'What to write.' }, 'Flirtlane');
    expect(document.title).toBe('Your first message - Flirtlane');
    expect(description()).toBe('What to write.');
    applyPageMeta({ title: 'Staying safe' }, 'Flirtlane');
    expect(document.title).toBe('Staying safe - Flirtlane');
    expect(description()).toBe('What to write.');
  });
});

function Route({ title, pathname }: { title: string; pathname: string }) {
  useDocumentTitle(title, 'Flirtlane', pathname);
  return null;
}

describe('the route title and a page that named itself, in either order', () => {
  it('keeps the page’s own title when the route’s effect comes second, and drops it on another route', () => {
    window.history.replaceState(null, '', '/blog/first-messages');
    applyPageMeta({ title: 'First messages that get replies' }, 'Flirtlane');
    const { rerender } = render(<Route title="Dating advice" pathname="/blog/first-messages" />);
    expect(document.title).toBe('First messages that get replies - Flirtlane');
    window.history.replaceState(null, '', '/blog');
    rerender(<Route title="Dating advice and safety blog" pathname="/blog" />);
    expect(document.title).toBe('Dating advice and safety blog - Flirtlane');
  });
});
