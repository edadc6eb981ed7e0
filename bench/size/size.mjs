#!/usr/bin/env node
// Measures what a visitor's browser really downloads: builds the site, serves it, loads pages in
// Chromium and sums the JavaScript as the server transfers it, brotli and gzip, per unit. Fails
// when a budget is exceeded.
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltSite } from '../built-site.mjs';

/**
 * Budgets in KB of JS as transferred; README.md explains how they were set. The gzip ones hold
 * the line measured before brotli; issue #15 sets the brotli one for the first load of `/`.
 */
export const budgets = { firstLoad: 154, remoteEntry: 50, firstLoadBrotli: 130 };

const siteDir = join(import.meta.dirname, '.site');
const kb = (bytes) => bytes / 1024;
const { base } = await startBuiltSite({ siteDir });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** The bytes the server sends for a URL to a client that accepts only `encoding`. */
function transferred(url, encoding) {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${url}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Brotli and gzip bytes of a set of URLs as the server transfers them. */
async function sizesOf(urls) {
  const sizes = new Map();
  for (const url of urls)
    sizes.set(url, { br: await transferred(url, 'br'), gzip: await transferred(url, 'gzip') });
  return sizes;
}

/** Loads a page in a fresh context and returns the JS it fetched, with its transferred sizes. */
async function jsLoadedBy(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const urls = new Set();
  page.on('response', (response) => {
    if (response.url().endsWith('.js') && response.status() === 200)
      urls.add(response.url().replace(base, ''));
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  return sizesOf(urls);
}

const unitOf = (url) => url.match(/^\/remotes\/([^/]+)\//)?.[1] ?? 'shell + shared libraries';
const add = (a, b) => ({ br: a.br + b.br, gzip: a.gzip + b.gzip });
const zero = { br: 0, gzip: 0 };
const cell = (bytes) => `${kb(bytes).toFixed(1).padStart(7)} KB`;
const verdict = (bytes, budget) => `budget ${budget} KB ${kb(bytes) <= budget ? 'ok' : 'OVER'}`;
let failed = false;

const home = await jsLoadedBy('/');
const byUnit = new Map();
for (const [url, size] of home) byUnit.set(unitOf(url), add(byUnit.get(unitOf(url)) ?? zero, size));
const firstLoad = [...home.values()].reduce(add, zero);
console.log(
  `First load of / (JS as transferred)${' '.repeat(2)}${'gzip'.padStart(10)}${'brotli'.padStart(11)}`,
);
for (const [unit, size] of byUnit) console.log(`  ${unit.padEnd(34)} ${cell(size.gzip)} ${cell(size.br)}`);
console.log(`  ${'total'.padEnd(34)} ${cell(firstLoad.gzip)} ${cell(firstLoad.br)}`);
// `--files`: each file of that first load, largest first (what to look at when it is over).
if (process.argv.includes('--files')) {
  console.log(`    ${firstLoad.gzip} bytes gzip, ${firstLoad.br} bytes brotli`);
  for (const [url, size] of [...home].sort((a, b) => b[1].br - a[1].br))
    console.log(`    ${url.padEnd(70)} ${cell(size.gzip)} ${cell(size.br)}`);
}
console.log(`  gzip:   ${verdict(firstLoad.gzip, budgets.firstLoad)}`);
console.log(`  brotli: ${verdict(firstLoad.br, budgets.firstLoadBrotli)} (issue #15)`);
failed ||= kb(firstLoad.gzip) > budgets.firstLoad || kb(firstLoad.br) > budgets.firstLoadBrotli;

const manifest = JSON.parse(readFileSync(join(siteDir, 'site-manifest.json'), 'utf8'));
console.log(
  `\nEach remote: entry, register, app and its first route${'gzip'.padStart(10)}${'brotli'.padStart(11)}`,
);
for (const remote of manifest.remotes) {
  // A visitor is redirected away from member pages, so those remotes are measured from their files.
  const route = remote.routes.find((r) => !r.path.includes(':') && r.access !== 'member');
  let size = zero;
  let how;
  if (route) {
    for (const [url, bytes] of await jsLoadedBy(route.path))
      if (unitOf(url) === remote.id) size = add(size, bytes);
    how = `measured on ${route.path}`;
  } else {
    // No page yet: the entry and the two exposed modules, from the remote's own manifest.
    const folder = remote.entry.replace(/\/mf-manifest\.json$/, '');
    const mf = JSON.parse(readFileSync(join(siteDir, folder, 'mf-manifest.json'), 'utf8'));
    const files = [mf.metaData.remoteEntry.name, ...mf.exposes.flatMap((e) => e.assets.js.sync)];
    for (const bytes of (await sizesOf(new Set(files.map((file) => `${folder}/${file}`)))).values()) {
      size = add(size, bytes);
    }
    how = remote.routes.length ? 'member pages: entry + exposes' : 'no routes yet: entry + exposes';
  }
  failed ||= kb(size.gzip) > budgets.remoteEntry;
  console.log(
    `  ${remote.id.padEnd(49)} ${cell(size.gzip)} ${cell(size.br)}  gzip ${verdict(size.gzip, budgets.remoteEntry)}  (${how})`,
  );
}

await browser.close();
rmSync(siteDir, { recursive: true, force: true });
console.log(failed ? '\nsize budget exceeded' : '\nall within budget');
process.exit(failed ? 1 : 0);
