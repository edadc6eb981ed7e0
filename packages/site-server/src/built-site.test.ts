import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { SiteManifest } from '@ukd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site-server';
import { listen } from './test/http';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..', '..');
const siteDir = mkdtempSync(join(tmpdir(), 'built-site-'));
const env = { ...process.env, SITE_DIR: siteDir, SITE_ENV: 'production' };

const manifest = () => JSON.parse(readFileSync(join(siteDir, 'site-manifest.json'), 'utf8')) as SiteManifest;
const landersDir = () =>
  join(siteDir, manifest().remotes.find((r) => r.id === 'mfe-landers')?.entry ?? '', '..');

/** Every JavaScript and CSS file a browser may fetch from a folder, as site addresses. */
function scriptsAndStyles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => `/${relative(siteDir, join(dir, name))}`);
}

let app: Awaited<ReturnType<typeof createSiteServer>>;
let get: Awaited<ReturnType<typeof listen>>;
let builtLanders: string;

beforeAll(async () => {
  // The real scripts: `npm run build`, then the landers team deploying its remote on its own.
  await run(process.execPath, ['scripts/site/run.mjs', 'build-site'], { cwd: repoRoot, env });
  builtLanders = landersDir();
  await run(process.execPath, ['scripts/site/run.mjs', 'deploy-remote', 'mfe-landers'], {
    cwd: repoRoot,
    env,
  });
  app = await createSiteServer({ siteDir });
  get = await listen(app);
}, 600_000);
afterAll(async () => {
  await app?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('a built site', () => {
  it('sends JS and CSS brotli-compressed to a browser that takes brotli, gzip to one that takes gzip (a tiny file as it is)', async () => {
    const urls = scriptsAndStyles(siteDir);
    for (const unit of ['shell', ...manifest().remotes.map((remote) => remote.id)]) {
      expect(urls.filter((url) => url.includes(`/${unit}/`)).length, unit).toBeGreaterThan(0);
    }
    let sentAsIs = 0;
    for (const url of urls) {
      const file = readFileSync(join(siteDir, url));
      // precompress.ts keeps an encoding only when it saves 5 % or more, as a file beside the
      // original: a tiny file gzip cannot shrink goes as it is.
      const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      if (existsSync(join(siteDir, `${url}.br`))) {
        expect(brotli.headers['content-encoding'], url).toBe('br');
        expect(brotliDecompressSync(brotli.body).equals(file), url).toBe(true);
      } else {
        expect(file.length, `${url} is sent without brotli`).toBeLessThan(1024);
      }
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      if (existsSync(join(siteDir, `${url}.gz`))) {
        expect(gzip.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(gzip.body).equals(file), url).toBe(true);
      } else {
        expect(file.length, `${url} is sent uncompressed`).toBeLessThan(1024);
        expect(gzip.headers['content-encoding'], url).toBeUndefined();
        expect(gzip.body.equals(file), url).toBe(true);
        sentAsIs += 1;
      }
    }
    // Only the odd few-hundred-byte chunk is not worth compressing.
    expect(sentAsIs, 'files sent uncompressed').toBeLessThan(urls.length / 10);
  });

  it('ships the compressed files of a remote deployed alone, its entry points revalidated', async () => {
    const deployed = landersDir();
    expect(deployed).not.toBe(builtLanders);
    const urls = scriptsAndStyles(deployed);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of [...urls, `/${relative(siteDir, join(deployed, 'mf-manifest.json'))}`]) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      const entryPoint = /(remoteEntry\.js|mf-manifest\.json)$/.test(url);
      expect(response.headers['cache-control'], url).toBe(
        entryPoint ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    }
    const siteManifest = await get('/site-manifest.json', { 'accept-encoding': 'br' });
    expect(siteManifest.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(siteManifest.body).toString())).toEqual(manifest());
  });

  it('sends the page of / compressed, revalidated by ETag', async () => {
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': page.headers.etag as string });
    expect(again.status).toBe(304);
  });
});
