import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site-server';

const siteDir = mkdtempSync(join(tmpdir(), 'site-'));
let app: Awaited<ReturnType<typeof createSiteServer>>;

beforeAll(async () => {
  mkdirSync(join(siteDir, 'shell', 'js'), { recursive: true });
  mkdirSync(join(siteDir, 'remotes', 'mfe-landers', 'v1', 'js'), { recursive: true });
  writeFileSync(join(siteDir, 'shell', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(siteDir, 'shell', 'js', 'main.abc.js'), 'console.log(1)');
  writeFileSync(
    join(siteDir, 'site-manifest.json'),
    JSON.stringify({
      site: {},
      remotes: [
        { id: 'mfe-landers', routes: [{ path: '/' }] },
        { id: 'mfe-support', routes: [{ path: '/faq' }] },
        { id: 'mfe-messaging', routes: [{ path: '/messages' }, { path: '/messages/:id' }] },
      ],
    }),
  );
  writeFileSync(join(siteDir, 'remotes', 'mfe-landers', 'v1', 'mf-manifest.json'), '{}');
  app = await createSiteServer({ siteDir });
});
afterAll(() => app.close());

describe('site server', () => {
  it('serves the shell page for any page path, uncached; 404 when no route owns the path', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/login', 200],
      ['/FAQ/', 200],
      ['/messages/123?x=1', 200],
      ['/no-such-page', 404],
      ['/messages/123/456', 404],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('id="root"');
    }
  });

  it('caches hashed assets for a year and entry points not at all', async () => {
    const asset = await app.inject({ url: '/shell/js/main.abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const manifest = await app.inject({ url: '/site-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const remoteManifest = await app.inject({ url: '/remotes/mfe-landers/v1/mf-manifest.json' });
    expect(remoteManifest.headers['cache-control']).toBe('no-cache');
  });

  it('knows a route deployed after start', async () => {
    expect((await app.inject({ url: '/landers/summer' })).statusCode).toBe(404);
    writeFileSync(
      join(siteDir, 'site-manifest.json'),
      JSON.stringify({ site: {}, remotes: [{ id: 'mfe-landers', routes: [{ path: '/landers/summer' }] }] }),
    );
    // A rewrite within the same millisecond would keep the old modification time.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(siteDir, 'site-manifest.json'), later, later);
    expect((await app.inject({ url: '/landers/summer' })).statusCode).toBe(200);
  });

  it('serves a file deployed after start', async () => {
    writeFileSync(join(siteDir, 'remotes', 'mfe-landers', 'v1', 'js', 'late.js'), 'late()');
    expect((await app.inject({ url: '/remotes/mfe-landers/v1/js/late.js' })).body).toBe('late()');
  });

  it('answers a plain 404 for missing files, not the page', async () => {
    for (const url of ['/remotes/mfe-support/v9/mf-manifest.json', '/shell/js/gone.js', '/favicon.ico']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted, so the per-IP login limit holds', async () => {
    const plain = await createSiteServer({ siteDir });
    plain.get('/ip', (request) => ({ ip: request.ip }));
    const spoofed = await plain.inject({ url: '/ip', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(spoofed.json()).toEqual({ ip: '127.0.0.1' });
    await plain.close();

    const behindProxy = await createSiteServer({ siteDir, trustProxy: ['127.0.0.1'] });
    behindProxy.get('/ip', (request) => ({ ip: request.ip }));
    const forwarded = await behindProxy.inject({ url: '/ip', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.json()).toEqual({ ip: '203.0.113.9' });
    await behindProxy.close();
  });
});
