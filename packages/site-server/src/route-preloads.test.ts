import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site-server';

const siteDir = mkdtempSync(join(tmpdir(), 'site-preloads-'));
let app: Awaited<ReturnType<typeof createSiteServer>>;

const shellPage =
  '<!doctype html><html lang="en-GB"><head><title>Flirtlane</title><meta name="description" content="The site.">' +
  '<script defer src="/shell/js/main.1.js" data-after-paint="/shell/js/start-after-paint.1.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

function writeJson(file: string, value: unknown) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

/** A remote's build as the federation plugin writes its manifest. */
function deploy(id: string, version: string, routes: string[]) {
  writeJson(join(siteDir, 'remotes', id, version, 'mf-manifest.json'), {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { path: './register', assets: { js: { sync: [`js/register.${version}.js`] }, css: { sync: [] } } },
      {
        path: './app',
        assets: { js: { sync: [`js/app.${version}.js`] }, css: { sync: [`css/app.${version}.css`] } },
      },
    ],
  });
  return {
    id,
    version,
    entry: `/remotes/${id}/${version}/mf-manifest.json`,
    routes: routes.map((path) => ({ path })),
  };
}

function writeSiteManifest(messagingVersion: string) {
  writeJson(join(siteDir, 'site-manifest.json'), {
    site: { name: 'Flirtlane', key: 'k', environment: 'production' },
    remotes: [
      deploy('mfe-landers', 'l1', ['/', '/landers/:slug']),
      deploy('mfe-messaging', messagingVersion, ['/messages', '/messages/:id']),
    ],
  });
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map((m) => `${m[2]} ${m[1]}`);

beforeAll(async () => {
  mkdirSync(join(siteDir, 'shell'), { recursive: true });
  writeFileSync(join(siteDir, 'shell', 'index.html'), shellPage);
  writeJson(join(siteDir, 'shell', 'prerendered.json'), {
    styles: [],
    frames: { guest: { before: '<main>', after: '</main>' } },
    pages: [],
  });
  writeJson(join(siteDir, 'remotes', 'mfe-landers', 'l1', 'prerendered.json'), {
    styles: [],
    pages: [{ path: '/', title: 'Chat and meet', layout: 'guest', html: '<h1>Chat and meet</h1>' }],
  });
  writeSiteManifest('m1');
  app = await createSiteServer({ siteDir, siteUrl: 'https://flirtlane.example' });
});
afterAll(() => app.close());

describe('preloads for the remote that draws the page', () => {
  it("names that remote's manifest, entry and first chunks in the head, and no other remote's", async () => {
    const response = await app.inject({ url: '/messages/5f0c?from=mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(preloads(response.body)).toEqual([
      'fetch /remotes/mfe-messaging/m1/mf-manifest.json',
      'script /remotes/mfe-messaging/m1/remoteEntry.js',
      'script /remotes/mfe-messaging/m1/js/register.m1.js',
      'style /remotes/mfe-messaging/m1/css/app.m1.css',
      'script /remotes/mfe-messaging/m1/js/app.m1.js',
    ]);
    // The manifest is fetched by the federation runtime (CORS mode): the preload must say so.
    expect(response.body).toContain(
      'href="/remotes/mfe-messaging/m1/mf-manifest.json" as="fetch" crossorigin>',
    );
    expect(response.body.indexOf('rel="preload"')).toBeLessThan(response.body.indexOf('</head>'));
  });

  it("adds nothing to the shell's own pages or to an address no one owns", async () => {
    const login = await app.inject({ url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toBe(shellPage);
    const nowhere = await app.inject({ url: '/nowhere/at/all' });
    expect(nowhere.statusCode).toBe(404);
    expect(preloads(nowhere.body)).toEqual([]);
  });

  it('hands a prerendered page’s list to the starter, to fetch after the paint, not to the head', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.body).toContain('<h1>Chat and meet</h1>');
    expect(preloads(response.body)).toEqual([]);
    expect(response.body).toContain(
      '<script defer src="/shell/js/start-after-paint.1.js" data-main="/shell/js/main.1.js" data-preload="' +
        'fetch:/remotes/mfe-landers/l1/mf-manifest.json script:/remotes/mfe-landers/l1/remoteEntry.js ' +
        'script:/remotes/mfe-landers/l1/js/register.l1.js style:/remotes/mfe-landers/l1/css/app.l1.css ' +
        'script:/remotes/mfe-landers/l1/js/app.l1.js"></script>',
    );
  });

  it('names the new build once a deploy rewrites the site manifest', async () => {
    writeSiteManifest('m2');
    const response = await app.inject({ url: '/messages' });
    expect(preloads(response.body)).toContain('script /remotes/mfe-messaging/m2/remoteEntry.js');
    expect(response.body).not.toContain('/m1/');
  });
});
