import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile, precompressFolder } from './precompress';
import { createSiteServer } from './site-server';
import { listen } from './test/http';

const siteDir = mkdtempSync(join(tmpdir(), 'site-caching-'));
const text = (seed: string) => `/* ${seed} */ console.log('the same line, many times');\n`.repeat(60);
const manifest = (padding: string) =>
  JSON.stringify({
    site: {},
    remotes: [
      { id: 'mfe-landers', entry: '/remotes/mfe-landers/v1/mf-manifest.json', routes: [{ path: '/' }] },
    ],
    padding: padding.repeat(100),
  });
const files: Record<string, string> = {
  'site-manifest.json': manifest('first'),
  'shell/index.html': `<!doctype html><div id="root"></div>${'<!-- shell -->'.repeat(40)}`,
  'shell/js/main.abc123.js': text('main'),
  'remotes/mfe-landers/v1/remoteEntry.js': text('entry'),
  'remotes/mfe-landers/v1/mf-manifest.json': JSON.stringify({ exposes: 'x'.repeat(2000) }),
  'remotes/mfe-landers/v1/mf-stats.json': JSON.stringify({ stats: 'x'.repeat(2000) }),
  'remotes/mfe-landers/v1/pages/home.html': `<h1>Chat and meet</h1>${'<p>copy</p>'.repeat(100)}`,
  'remotes/mfe-landers/v1/js/app.def456.js': text('app'),
  'remotes/mfe-landers/v1/css/app.def456.css': `.a { color: red; }\n`.repeat(100),
};

let app: Awaited<ReturnType<typeof createSiteServer>>;
let get: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), content);
  }
  await precompressFolder(siteDir);
  app = await createSiteServer({ siteDir });
  get = await listen(app);
});
afterAll(() => app.close());

describe('cache policy', () => {
  it('caches hashed assets for a year, immutable, in every encoding', async () => {
    for (const url of [
      '/shell/js/main.abc123.js',
      '/remotes/mfe-landers/v1/js/app.def456.js',
      '/remotes/mfe-landers/v1/css/app.def456.css',
    ]) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const response = await get(url, { 'accept-encoding': accept });
        expect(response.headers['cache-control'], `${url} ${accept}`).toBe(
          'public, max-age=31536000, immutable',
        );
      }
    }
  });

  it('revalidates manifests, remote entries and HTML on every load', async () => {
    for (const url of [
      '/site-manifest.json',
      '/remotes/mfe-landers/v1/mf-manifest.json',
      '/remotes/mfe-landers/v1/remoteEntry.js',
      '/remotes/mfe-landers/v1/mf-stats.json',
      '/remotes/mfe-landers/v1/pages/home.html',
      '/shell/index.html',
      '/',
      '/login',
    ]) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toMatch(/^"[\w-]{20,}"$/);
    }
  });
});

describe('ETag and 304', () => {
  it('gives each encoding of a file its own strong ETag', async () => {
    const tags = new Set<string | undefined>();
    for (const accept of ['br', 'gzip', 'identity']) {
      tags.add((await get('/site-manifest.json', { 'accept-encoding': accept })).headers.etag);
    }
    expect(tags.size).toBe(3);
    for (const tag of tags) expect(tag).not.toMatch(/^W\//);
  });

  it('answers 304 without a body when the tag matches, 200 when it does not', async () => {
    for (const url of [
      '/site-manifest.json',
      '/remotes/mfe-landers/v1/mf-manifest.json',
      '/',
      '/shell/js/main.abc123.js',
    ]) {
      const first = await get(url, { 'accept-encoding': 'br' });
      const etag = first.headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
        expect(again.status, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.headers.vary).toBe('Accept-Encoding');
        expect(again.headers['content-encoding']).toBeUndefined();
      }
      // The brotli tag does not validate the gzip bytes a different request would get.
      const otherEncoding = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(otherEncoding.status).toBe(200);
      expect(otherEncoding.headers['content-encoding']).toBe('gzip');
    }
  });

  it('changes the tag when a deploy rewrites the file', async () => {
    const file = join(siteDir, 'site-manifest.json');
    const before = await get('/site-manifest.json', { 'accept-encoding': 'br' });
    writeFileSync(file, manifest('second'));
    await precompressFile(file);
    const after = await get('/site-manifest.json', {
      'accept-encoding': 'br',
      'if-none-match': before.headers.etag as string,
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('never answers 304 for the not-found page', async () => {
    const first = await get('/no-such-page', { 'accept-encoding': 'br' });
    expect(first.status).toBe(404);
    const again = await get('/no-such-page', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag as string,
    });
    expect(again.status).toBe(404);
  });
});

describe('ranges', () => {
  const plain = () => readFileSync(join(siteDir, 'shell/js/main.abc123.js'));

  it('serves one byte range of the plain file, even to a browser that takes brotli', async () => {
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=100-', 100, plain().length - 1],
      ['bytes=-20', plain().length - 20, plain().length - 1],
      ['bytes=10-999999', 10, plain().length - 1],
    ] as const) {
      const response = await get('/shell/js/main.abc123.js', { 'accept-encoding': 'br', range });
      expect(response.status, range).toBe(206);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${plain().length}`);
      expect(response.body).toEqual(plain().subarray(start, end + 1));
      expect(Number(response.headers['content-length'])).toBe(end - start + 1);
    }
  });

  it('refuses a range past the end and sends the whole file for several or malformed ones', async () => {
    const past = await get('/shell/js/main.abc123.js', { range: `bytes=${plain().length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${plain().length}`);
    for (const range of ['bytes=0-1,5-6', 'bytes=9-2', 'items=0-5', 'bytes=-']) {
      const response = await get('/shell/js/main.abc123.js', { range });
      expect(response.status, range).toBe(200);
      expect(response.body).toEqual(plain());
    }
  });

  it('sends the whole file when If-Range names another version', async () => {
    const { etag } = (await get('/shell/js/main.abc123.js')).headers;
    const current = await get('/shell/js/main.abc123.js', { range: 'bytes=0-4', 'if-range': etag as string });
    expect(current.status).toBe(206);
    const stale = await get('/shell/js/main.abc123.js', { range: 'bytes=0-4', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(plain());
  });
});

describe('paths', () => {
  it('serves nothing outside the site folders, no dotfiles and no directories', async () => {
    writeFileSync(join(siteDir, 'shell', '.env'), 'SECRET=1');
    for (const url of [
      '/shell/../site-manifest.json',
      '/shell/%2e%2e/site-manifest.json',
      '/shell/js%2F..%2F..%2Fsite-manifest.json',
      '/remotes/..%5c..%5csite-manifest.json',
      '/shell/.env',
      '/shell/%2eenv',
      '/shell/js',
      '/shell/js/',
      '/shell//js/main.abc123.js',
      '/remotes/mfe-landers/v1/js/%00.js',
      '/shell/js/%E0%A4%A.js',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.body.toString(), url).not.toContain('SECRET');
      expect(response.body.toString(), url).not.toContain('"remotes"');
    }
  });

  it('decodes escaped names', async () => {
    writeFileSync(join(siteDir, 'shell', 'js', 'a b.js'), 'spaced()');
    expect((await get('/shell/js/a%20b.js')).body.toString()).toBe('spaced()');
  });
});
