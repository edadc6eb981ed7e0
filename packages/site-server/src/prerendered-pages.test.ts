import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { PrerenderedUnit } from '@ukd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site-server';

const siteDir = mkdtempSync(join(tmpdir(), 'site-prerendered-'));
let app: Awaited<ReturnType<typeof createSiteServer>>;

// As the shell's build writes it: minified, the description and the empty root in place.
const shellPage =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="description" content="The site, in short.">' +
  '<title>Flirtlane</title><script defer src="/shell/js/main.1.js" data-after-paint="/shell/js/start-after-paint.1.js"></script><link href="/shell/css/main.1.css" rel="stylesheet">' +
  '</head><body><div id="root"></div>\n<noscript>Flirtlane needs JavaScript to run.</noscript></body></html>';

const frame = (name: string) => ({
  before: `<header class="shell-top-bar">${name}</header><main class="shell-main"><div class="shell-remote">`,
  after: '</div></main><footer class="shell-footer">Footer</footer>',
});

function writeJson(file: string, value: unknown) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

function deployLanders(version: string, pages: PrerenderedUnit['pages']) {
  writeJson(join(siteDir, 'remotes', 'mfe-landers', version, 'prerendered.json'), {
    styles: ['css/prerender.a1.css'],
    pages,
  } satisfies PrerenderedUnit);
  writeJson(join(siteDir, 'site-manifest.json'), {
    site: { name: 'Flirtlane', key: 'k', environment: 'production' },
    remotes: [
      {
        id: 'mfe-landers',
        entry: `/remotes/mfe-landers/${version}/mf-manifest.json`,
        version,
        routes: [...pages.map(({ path }) => ({ path })), { path: '/blog/:slug' }],
      },
      { id: 'mfe-support', entry: '/remotes/mfe-support/v1/mf-manifest.json', routes: [{ path: '/faq' }] },
    ],
  });
}

const lander = (path: string, headline: string, canonical?: string): PrerenderedUnit['pages'][number] => ({
  path,
  title: `${headline} & more`,
  description: `About ${headline}.`,
  ...(canonical ? { canonical } : {}),
  layout: 'guest',
  html: `<div class="lander"><h1>${headline}</h1><a href="/register">Join free now</a></div>`,
});

beforeAll(async () => {
  mkdirSync(join(siteDir, 'shell'), { recursive: true });
  writeFileSync(join(siteDir, 'shell', 'index.html'), shellPage);
  writeJson(join(siteDir, 'shell', 'prerendered.json'), {
    styles: [],
    frames: { guest: frame('Visitor top bar') },
    consentBanner: {
      cookie: 'cookie-consent=1',
      html: '<section class="shell-consent">Cookies on this site</section>',
    },
    pages: [
      { path: '/login', title: 'Log in', layout: 'auth', html: '<h1>Log in</h1>', frame: frame('Register') },
    ],
  } satisfies PrerenderedUnit);
  deployLanders('v1', [
    lander('/', 'Chat, flirt and meet'),
    lander('/lander32', 'Tonight could be interesting', '/landers/lander32'),
  ]);
  app = await createSiteServer({ siteDir, siteUrl: 'https://flirtlane.example' });
});
afterAll(() => app.close());

describe('prerendered pages', () => {
  it('puts the page inside the shell document: head tags, chrome, markup in the root', async () => {
    const response = await app.inject({ url: '/lander32?s1=ad&gclid=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<title>Tonight could be interesting &amp; more - Flirtlane</title>');
    expect(html).toContain(
      '<meta name="description" content="About Tonight could be interesting." data-site-content="The site, in short.">',
    );
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://flirtlane.example/landers/lander32">');
    expect(html).toContain('<meta property="og:title" content="Tonight could be interesting &amp; more">');
    expect(html).toContain('<meta property="og:url" content="https://flirtlane.example/landers/lander32">');
    // The page's stylesheet after the shell's, from the remote's own deployed folder.
    expect(html.indexOf('/shell/css/main.1.css')).toBeLessThan(
      html.indexOf('<link rel="stylesheet" href="/remotes/mfe-landers/v1/css/prerender.a1.css">'),
    );
    expect(html).toContain(
      '<div id="root" data-prerendered=""><header class="shell-top-bar">Visitor top bar</header><main class="shell-main"><div class="shell-remote"><div class="lander"><h1>Tonight could be interesting</h1>',
    );
    expect(html).toMatch(/<\/footer><\/div>\s*<\/body>/);
    // Nothing inline for the CSP to refuse, and no "needs JavaScript" under a page that shows.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<noscript>');
    // The shell's entry waits for the page to paint.
    expect(html).toContain(
      '<script defer src="/shell/js/start-after-paint.1.js" data-main="/shell/js/main.1.js"></script>',
    );
  });

  it('puts the cookie banner in for a visitor who has not chosen, and only for them', async () => {
    const banner = '<body><div id="cookie-consent"><div data-prerendered=""><section class="shell-consent">';
    const first = await app.inject({ url: '/lander32' });
    expect(first.body).toContain(banner);
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    for (const cookie of ['cookie-consent=1', 'a=b; cookie-consent=1; c=d']) {
      const chosen = await app.inject({ url: '/lander32', headers: { cookie } });
      expect(chosen.body, cookie).not.toContain('shell-consent');
      expect(chosen.body, cookie).toContain('<h1>Tonight could be interesting</h1>');
      expect(chosen.headers.etag, cookie).not.toBe(first.headers.etag);
    }
    // An older version of the choice is no choice: the banner asks again.
    expect((await app.inject({ url: '/', headers: { cookie: 'cookie-consent=0' } })).body).toContain(banner);
  });

  it('answers each address form of a page, and leaves other pages to the shell alone', async () => {
    for (const url of ['/', '/LANDER32/', '/lander32']) {
      expect((await app.inject({ url })).body, url).toContain('<div id="root" data-prerendered="">');
    }
    const login = await app.inject({ url: '/login' });
    expect(login.body).toContain(
      '<header class="shell-top-bar">Register</header><main class="shell-main"><div class="shell-remote"><h1>Log in</h1>',
    );
    const faq = await app.inject({ url: '/faq' });
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toBe(shellPage);
    expect((await app.inject({ url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('is compressed for clients that take brotli, with a strong ETag and 304', async () => {
    const plain = await app.inject({ url: '/lander32' });
    const br = await app.inject({ url: '/lander32', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/lander32',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/lander32' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves a lander the moment a deploy of its remote names it, without a restart', async () => {
    expect((await app.inject({ url: '/summer-lander' })).statusCode).toBe(404);
    deployLanders('v2', [lander('/', 'Chat, flirt and meet'), lander('/summer-lander', 'Sunny side up')]);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(siteDir, 'site-manifest.json'), later, later);
    const response = await app.inject({ url: '/summer-lander' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Sunny side up</h1>');
    expect(response.body).toContain('/remotes/mfe-landers/v2/css/prerender.a1.css');
  });
});
