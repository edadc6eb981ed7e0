import { useEffect, useRef } from 'react';

/** SPEC §9: page titles read `title - product`. */
export const documentTitle = (title: string, siteName: string) =>
  title ? `${title} - ${siteName}` : siteName;

/** What the page on screen said of itself (`shell:page-meta`), and at which address. */
let named: { pathname: string; title: string; description?: string } | null = null;
const namedFor = (pathname: string) => (named?.pathname === pathname ? named : null);

/**
 * The route's title, unless the page at this address named itself: the page lives in another
 * React root, so its event may come before or after this effect.
 */
export function useDocumentTitle(title: string, siteName: string, pathname = window.location.pathname) {
  useEffect(() => {
    document.title = documentTitle(namedFor(pathname)?.title ?? title, siteName);
  }, [title, siteName, pathname]);
}

/** The head tag named `selector`, created from `attributes` the first time a page needs it. */
function headTag(selector: string, tag: 'meta' | 'link', attributes: Record<string, string>) {
  let element = document.head.querySelector<HTMLMetaElement | HTMLLinkElement>(selector);
  if (!element) {
    element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
  return element;
}

let siteDescription: string | undefined;

/**
 * The route's meta description (the site's own from index.html when it has none) and its
 * canonical link: an alias such as `/lander32` names its lander's main path. No canonical on a
 * page that does not exist.
 */
export function usePageMeta(pathname: string, description?: string, canonical?: string | null) {
  useEffect(() => {
    const meta = headTag('meta[name="description"]', 'meta', { name: 'description' }) as HTMLMetaElement;
    // A prerendered page's document carries its own description, and the site's beside it.
    siteDescription ??= meta.dataset.siteContent ?? meta.content;
    meta.content = namedFor(pathname)?.description ?? description ?? siteDescription;
  }, [pathname, description]);
  useEffect(() => {
    const link = headTag('link[rel="canonical"]', 'link', { rel: 'canonical' }) as HTMLLinkElement;
    if (canonical === null) link.remove();
    else link.href = new URL(canonical ?? pathname, window.location.origin).href;
  }, [pathname, canonical]);
}

/**
 * A page that named itself (`shell:page-meta`, e.g. a blog article): its title and description
 * replace the route's until the next route sets its own.
 */
export function applyPageMeta(
  { title, description }: { title: string; description?: string },
  siteName: string,
) {
  named = {
    pathname: window.location.pathname,
    title,
    ...(description === undefined ? {} : { description }),
  };
  document.title = documentTitle(title, siteName);
  if (description !== undefined) {
    (headTag('meta[name="description"]', 'meta', { name: 'description' }) as HTMLMetaElement).content =
      description;
  }
}

/** The address the document was loaded at: the browser placed that page itself. */
const landedOn = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * SPEC §2: every navigation starts at the top of the new page. Not the page the document was
 * loaded for: the browser placed it, and the visitor may already have scrolled its prerendered
 * copy before the shell drew it.
 */
export function useScrollReset(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    const loadedHere = first.current && pathname === landedOn;
    first.current = false;
    if (!loadedHere) window.scrollTo(0, 0);
  }, [pathname]);
}
