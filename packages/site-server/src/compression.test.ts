import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile, precompressFolder } from './precompress';
import { createSiteServer } from './site-server';
import { listen } from './test/http';

const siteDir = mkdtempSync(join(tmpdir(), 'site-compression-'));
const code = (name: string) =>
  `export function ${name}() { return 'a line a browser would download'; }\n`.repeat(80);
const files: Record<string, string | Buffer> = {
  'site-manifest.json': JSON.stringify({
    site: {},
    remotes: [
      { id: 'mfe-landers', entry: '/remotes/mfe-landers/v1/mf-manifest.json', routes: [{ path: '/' }] },
    ],
    padding: 'route '.repeat(100),
  }),
  'shell/index.html': `<!doctype html><div id="root"></div>${'<!-- shell -->'.repeat(40)}`,
  'shell/js/main.abc123.js': code('main'),
  'shell/css/main.abc123.css': `.card { color: red; margin: 0 auto; }\n`.repeat(60),
  'shell/js/tiny.abc123.js': 'x()',
  'shell/js/noise.abc123.js': randomBytes(4096),
  'remotes/mfe-landers/v1/remoteEntry.js': code('entry'),
  'remotes/mfe-landers/v1/mf-manifest.json': JSON.stringify({ exposes: 'x'.repeat(2000) }),
  'remotes/mfe-landers/v1/pages/home.html': `<h1>Chat and meet</h1>${'<p>copy</p>'.repeat(100)}`,
  'remotes/mfe-landers/v1/js/app.def456.js': code('app'),
  'shell/img/hero.png': randomBytes(2048),
  'shell/img/hero.jpg': randomBytes(2048),
  'shell/img/hero.webp': randomBytes(2048),
  'shell/fonts/inter.woff2': randomBytes(2048),
};
const served = (path: string) => readFileSync(join(siteDir, path));

let app: Awaited<ReturnType<typeof createSiteServer>>;
let get: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), content);
  }
  await precompressFolder(siteDir);
  // Even a compressed copy beside an image is never sent: images are compressed formats.
  writeFileSync(join(siteDir, 'shell/img/hero.png.br'), 'not an image');
  app = await createSiteServer({ siteDir });
  get = await listen(app);
});
afterAll(() => app.close());

describe('precompression at deploy time', () => {
  it('writes brotli and gzip copies of text files that decompress to the file', () => {
    for (const path of ['shell/js/main.abc123.js', 'shell/css/main.abc123.css', 'shell/index.html']) {
      expect(brotliDecompressSync(served(`${path}.br`))).toEqual(served(path));
      expect(gunzipSync(served(`${path}.gz`))).toEqual(served(path));
      expect(served(`${path}.br`).length).toBeLessThan(served(`${path}.gz`).length);
    }
  });

  it('skips files compression does not shrink, and images and fonts', () => {
    for (const path of ['shell/js/tiny.abc123.js', 'shell/js/noise.abc123.js', 'shell/img/hero.jpg']) {
      expect(existsSync(join(siteDir, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(siteDir, `${path}.gz`)), path).toBe(false);
    }
  });

  it('removes a copy left from an earlier version that compressed and this one does not', async () => {
    const path = join(siteDir, 'shell/js/was-text.js');
    writeFileSync(path, code('old'));
    await precompressFile(path);
    expect(existsSync(`${path}.br`)).toBe(true);
    writeFileSync(path, randomBytes(4096));
    await precompressFile(path);
    expect(existsSync(`${path}.br`)).toBe(false);
    expect(existsSync(`${path}.gz`)).toBe(false);
  });
});

describe('serving by Accept-Encoding', () => {
  it('sends brotli to a browser that accepts it, with the right type, length and Vary', async () => {
    for (const [path, type] of [
      ['shell/js/main.abc123.js', 'text/javascript; charset=utf-8'],
      ['shell/css/main.abc123.css', 'text/css; charset=utf-8'],
      ['remotes/mfe-landers/v1/remoteEntry.js', 'text/javascript; charset=utf-8'],
      ['remotes/mfe-landers/v1/mf-manifest.json', 'application/json; charset=utf-8'],
      ['site-manifest.json', 'application/json; charset=utf-8'],
    ] as const) {
      const response = await get(`/${path}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type'], path).toBe(type);
      expect(response.headers.vary, path).toBe('Accept-Encoding');
      expect(response.headers['accept-ranges'], path).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(served(`${path}.br`).length);
      expect(brotliDecompressSync(response.body)).toEqual(served(path));
    }
  });

  it('falls back to gzip, honouring q-values and *', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5', 'x-gzip', 'br;q=2, gzip']) {
      const response = await get('/shell/js/main.abc123.js', { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(response.body)).toEqual(served('shell/js/main.abc123.js'));
    }
    for (const accept of ['*', 'gzip;q=0.5, *;q=0.8', 'BR']) {
      const response = await get('/shell/js/main.abc123.js', { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe('br');
    }
  });

  it('sends the plain file to a client that accepts neither, and when no copy helps', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'compress']) {
      const response = await get('/shell/js/main.abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.body).toEqual(served('shell/js/main.abc123.js'));
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
    }
    const noise = await get('/shell/js/noise.abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(noise.headers['content-encoding']).toBeUndefined();
    expect(noise.body).toEqual(served('shell/js/noise.abc123.js'));
  });

  it('ignores a compressed copy older than its file: never the previous deploy’s bytes', async () => {
    const path = 'remotes/mfe-landers/v1/js/app.def456.js';
    writeFileSync(join(siteDir, path), code('rewritten'));
    // The copies as an earlier deploy left them: written before the file now there.
    const earlier = new Date(Date.now() - 10_000);
    for (const suffix of ['.br', '.gz']) utimesSync(join(siteDir, path + suffix), earlier, earlier);
    const stale = await get(`/${path}`, { 'accept-encoding': 'br, gzip' });
    expect(stale.headers['content-encoding']).toBeUndefined();
    expect(stale.body.toString()).toContain('rewritten');
    await precompressFile(join(siteDir, path));
    const fresh = await get(`/${path}`, { 'accept-encoding': 'br, gzip' });
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fresh.body).toString()).toContain('rewritten');
  });

  it('compresses the page too, whatever its status', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/no-such-page', 404],
    ] as const) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(status);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(response.body)).toEqual(served('shell/index.html'));
    }
  });

  it('never compresses images or fonts', async () => {
    for (const [path, type] of [
      ['shell/img/hero.png', 'image/png'],
      ['shell/img/hero.jpg', 'image/jpeg'],
      ['shell/img/hero.webp', 'image/webp'],
      ['shell/fonts/inter.woff2', 'font/woff2'],
    ] as const) {
      const response = await get(`/${path}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBeUndefined();
      expect(response.headers.vary, path).toBeUndefined();
      expect(response.headers['content-type'], path).toBe(type);
      expect(response.body).toEqual(served(path));
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get('/shell/css/main.abc123.css', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/shell/css/main.abc123.css', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of [
      'content-length',
      'content-encoding',
      'content-type',
      'etag',
      'cache-control',
      'vary',
    ]) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
  });
});
