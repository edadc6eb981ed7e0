import { AFTER_PAINT_ATTRIBUTE } from '@ukd/contracts';
import type { RemoteFile } from '@ukd/contracts/remote-files';
import { escapeHtml } from './html-text';
import type { FoundPage } from './prerendered-pages';
import { preloadAttribute } from './route-preloads';

const descriptionTag = /<meta\s+name="?description"?\s+content="([^"]*)"\s*\/?>/i;
const rootElement = /<div\s+id="?root"?\s*><\/div>/i;
const entryScript = new RegExp(`<script defer src="([^"]+)" ${AFTER_PAINT_ATTRIBUTE}="([^"]+)"></script>`);

/**
 * The shell's `index.html` with a prerendered page in it: the page's title, description,
 * canonical link and Open Graph tags in the head, its stylesheets after the shell's, and its
 * markup inside the layout's chrome in `#root[data-prerendered]`, shown until the shell has drawn
 * the same page (see the shell's `take-over.ts`). The shell's entry is started by its
 * `start-after-paint.js` once the page has painted, so the page gets the connection and the main
 * thread first. No inline script or
 * style: the CSP allows neither. Null when the shell's page is not one this can fill.
 */
export function pageDocument(
  shellHtml: string,
  { page, frame, styles, siteName, consentBanner }: FoundPage,
  origin: string,
  { firstVisit = false, preloads = [] }: { firstVisit?: boolean; preloads?: RemoteFile[] } = {},
) {
  if (!rootElement.test(shellHtml) || !shellHtml.includes('</head>')) return null;
  const title = escapeHtml(siteName ? `${page.title} - ${siteName}` : page.title);
  const url = escapeHtml(new URL(page.canonical ?? page.path, origin).href);
  const siteDescription = shellHtml.match(descriptionTag)?.[1] ?? '';
  const description = page.description ? escapeHtml(page.description) : siteDescription;
  const head = [
    // The shell's own description stays known to it for pages that have none.
    `<meta name="description" content="${description}" data-site-content="${siteDescription}">`,
    `<link rel="canonical" href="${url}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    ...styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
  ].join('');
  return (
    shellHtml
      .replace(/<title>[^<]*<\/title>/i, `<title>${title}</title>`)
      .replace(descriptionTag, '')
      .replace('</head>', () => `${head}</head>`)
      .replace(/<noscript>[\s\S]*?<\/noscript>/i, '')
      .replace(entryScript, (_tag, main: string, starter: string) => {
        // The remote that draws the page is fetched with the shell's entry, not after it.
        const preload = preloads.length ? ` data-preload="${escapeHtml(preloadAttribute(preloads))}"` : '';
        return `<script defer src="${starter}" data-main="${main}"${preload}></script>`;
      })
      // A first visitor's cookie banner paints with the page (it is the largest text on a phone):
      // drawn after the script, it would be the page's Largest Contentful Paint. The shell's
      // ConsentHost replaces it with the live one.
      .replace(/<body([^>]*)>/i, (body) =>
        firstVisit && consentBanner
          ? `${body}<div id="cookie-consent"><div data-prerendered="">${consentBanner.html}</div></div>`
          : body,
      )
      .replace(
        rootElement,
        () => `<div id="root" data-prerendered="">${frame.before}${page.html}${frame.after}</div>`,
      )
  );
}
