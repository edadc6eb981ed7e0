#!/usr/bin/env node
// Measures what a visitor's browser really downloads: builds the site, serves it, loads pages in
// Chromium and sums the gzipped JavaScript per unit. Fails when a budget is exceeded.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Budgets in KB of gzipped JS; README.md explains how they were set. */
export const budgets = { firstLoad: 154, remoteEntry: 50 };

const root = join(import.meta.dirname, '..', '..');
const siteDir = join(import.meta.dirname, '.site');
const kb = (bytes) => bytes / 1024;

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

rmSync(siteDir, { recursive: true, force: true });
const env = { ...process.env, SITE_DIR: siteDir, SITE_ENV: 'production' };
const build = spawnSync(process.execPath, ['scripts/site/run.mjs', 'build-site'], {
  cwd: root,
  env,
  stdio: 'ignore',
});
if (build.status !== 0) {
  console.error('site build failed: run `npm run build` to see why');
  process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/site-server/src/main.ts'], {
  cwd: root,
  env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
  stdio: 'ignore',
});
// However the bench ends (a browser that will not start, a failed page), the server goes too.
process.on('exit', () => server.kill());
for (let i = 0; i < 100; i++) {
  if (
    await fetch(`${base}/site-manifest.json`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Loads a page in a fresh context and returns gzipped JS bytes per URL. */
async function jsLoadedBy(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes = new Map();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js') || response.status() !== 200) return;
    sizes.set(response.url().replace(base, ''), gzipSync(await response.body()).length);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  return sizes;
}

const unitOf = (url) => url.match(/^\/remotes\/([^/]+)\//)?.[1] ?? 'shell + shared libraries';
const rows = [];
let failed = false;

const home = await jsLoadedBy('/');
const byUnit = new Map();
for (const [url, bytes] of home) byUnit.set(unitOf(url), (byUnit.get(unitOf(url)) ?? 0) + bytes);
const firstLoad = [...home.values()].reduce((a, b) => a + b, 0);
console.log('First load of / (gzipped JS)');
for (const [unit, bytes] of byUnit)
  console.log(`  ${unit.padEnd(28)} ${kb(bytes).toFixed(1).padStart(7)} KB`);
const homeOk = kb(firstLoad) <= budgets.firstLoad;
failed ||= !homeOk;
console.log(
  `  ${'total'.padEnd(28)} ${kb(firstLoad).toFixed(1).padStart(7)} KB  budget ${budgets.firstLoad} KB  ${homeOk ? 'ok' : 'OVER'}`,
);

const manifest = JSON.parse(readFileSync(join(siteDir, 'site-manifest.json'), 'utf8'));
console.log('\nEach remote: entry, register, app and its first route (gzipped JS)');
for (const remote of manifest.remotes) {
  // A visitor is redirected away from member pages, so those remotes are measured from their files.
  const route = remote.routes.find((r) => !r.path.includes(':') && r.access !== 'member');
  let bytes = 0;
  let how;
  if (route) {
    for (const [url, size] of await jsLoadedBy(route.path)) if (unitOf(url) === remote.id) bytes += size;
    how = `measured on ${route.path}`;
  } else {
    // No page yet: the entry and the two exposed modules, from the remote's own manifest.
    const dir = join(siteDir, remote.entry.replace(/\/mf-manifest\.json$/, ''));
    const mf = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
    const files = [mf.metaData.remoteEntry.name, ...mf.exposes.flatMap((e) => e.assets.js.sync)];
    for (const file of new Set(files)) bytes += gzipSync(readFileSync(join(dir, file))).length;
    how = remote.routes.length ? 'member pages: entry + exposes' : 'no routes yet: entry + exposes';
  }
  const ok = kb(bytes) <= budgets.remoteEntry;
  failed ||= !ok;
  rows.push(remote.id);
  console.log(
    `  ${remote.id.padEnd(28)} ${kb(bytes).toFixed(1).padStart(7)} KB  budget ${budgets.remoteEntry} KB  ${ok ? 'ok' : 'OVER'}  (${how})`,
  );
}

await browser.close();
server.kill();
rmSync(siteDir, { recursive: true, force: true });
console.log(failed ? '\nsize budget exceeded' : '\nall within budget');
process.exit(failed ? 1 : 0);
