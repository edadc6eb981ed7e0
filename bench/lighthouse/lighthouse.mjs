#!/usr/bin/env node
// Lighthouse in its default mobile mode (emulated phone, simulated slow 4G and 4x CPU slowdown)
// on the built site: three runs per page, the median of each figure, against issue #15's budgets.
// Builds the site into its own folder with its own data, starts it, runs, stops it. Fails over
// budget. Not part of `npm test`: a benchmark, best run on a quiet machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startBuiltSite } from '../built-site.mjs';

/** Issue #15. `/login` has no budget there; it is measured and shown beside the public one. */
const publicBudget = { score: 95, lcp: 1800, tbt: 150, cls: 0.05 };
const memberBudget = { score: 85, cls: 0.05 };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    // Where the blocking time goes: the long tasks of the run with the median TBT, by script.
    tasks: { type: 'boolean', default: false },
    // A folder to keep each run's full Lighthouse report in (JSON), to see what the figures hide.
    save: { type: 'string' },
    // Serve plain HTTP/1.1 instead of https with HTTP/2, to see what the protocol changes.
    http1: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const siteDir = join(import.meta.dirname, '.site');
const demo = { email: 'demo@example.com', password: 'DemoPass!2026' };
// Served as a site is in production: https, HTTP/2 first (a self-signed certificate, which only
// this bench's own Chromium is told to accept). Over plain HTTP/1.1 a member's page, some
// thirty files before its largest paint, queues six at a time (Lighthouse models that too).
const { base, siteKey, call } = await startBuiltSite({
  siteDir,
  build: !values['no-build'],
  tls: !values.http1,
});
let chrome;
process.on('exit', () => chrome?.kill());

/** The API as a member: a conversation between the demo members, for the chat screen. */
async function api(path, { token, body } = {}) {
  const response = await call(`/api${path}`, {
    method: 'POST',
    headers: {
      'Site-key': siteKey,
      'Device-ID': 'bench-lighthouse',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${response.text}`);
  return JSON.parse(response.text).data;
}
const login = async (email, password) => (await api('/login', { body: { email, password } })).access_token;
const demoToken = await login(demo.email, demo.password);
const sam = await api('/me', { token: await login('sam@example.com', demo.password) });
const conversation = await api('/user-conversations', {
  token: demoToken,
  body: { recipient_uuid: sam.uuid },
});
await api(`/user-conversations/${conversation.uuid}/messages`, {
  token: demoToken,
  body: { client_msg_id: crypto.randomUUID(), type: 'text', body: 'Hello from the Lighthouse bench' },
});

chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    // The bench's own certificate, for 127.0.0.1 only.
    '--ignore-certificate-errors',
  ],
});
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const context = browser.contexts()[0];

/**
 * Logs the demo member in through the site's own form, so the tokens are the browser's. A
 * member has answered the cookie banner on their first visit, as this one does: left open, the
 * banner's text was the largest paint of every member page, which is not what members see.
 */
async function logInInBrowser() {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Reject all' }).click();
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${base}/dashboard`);
  await page.close();
}

/** A cold load each run: the HTTP cache emptied, the member's stored session kept. */
async function clearCache() {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

async function measure(path, { member }) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    if (member) await clearCache();
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Visitors' runs start from empty storage (Lighthouse's default); members keep their session.
      disableStorageReset: member,
    });
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      const name = `${path.replaceAll('/', '_') || '_'}-${run + 1}.json`;
      writeFileSync(join(values.save, name), JSON.stringify(lhr));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    results.push({
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      finalUrl: lhr.finalDisplayedUrl,
      // Lighthouse's simulated durations (4x CPU slowdown), start times in its simulated timeline.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
        url: task.url,
        start: task.startTime,
        duration: task.duration,
      })),
    });
  }
  const median = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  return {
    score: median('score'),
    lcp: median('lcp'),
    tbt: median('tbt'),
    cls: median('cls'),
    bytes: median('bytes'),
    finalUrl: results.at(-1).finalUrl,
    longTasks: results.find((r) => r.tbt === median('tbt'))?.longTasks ?? [],
  };
}

const pages = [
  { path: '/', budget: publicBudget },
  { path: '/lander32', budget: publicBudget },
  { path: '/login' },
  { path: '/dashboard', budget: memberBudget, member: true },
  { path: `/messages/${conversation.uuid}`, label: '/messages/:id', budget: memberBudget, member: true },
];

const fmt = {
  score: (v) => String(v),
  lcp: (v) => `${(v / 1000).toFixed(2)} s`,
  tbt: (v) => `${Math.round(v)} ms`,
  cls: (v) => v.toFixed(3),
};
const over = { score: (v, b) => v < b, lcp: (v, b) => v > b, tbt: (v, b) => v > b, cls: (v, b) => v > b };
const limit = {
  score: (b) => `≥ ${b}`,
  lcp: (b) => `≤ ${(b / 1000).toFixed(1)} s`,
  tbt: (b) => `≤ ${b} ms`,
  cls: (b) => `≤ ${b}`,
};

console.log(`Lighthouse ${lighthouse.version ?? ''} mobile, median of ${runs} runs per page, ${base}`);
let failed = false;
let loggedIn = false;
for (const page of pages.filter((p) => !values.only || values.only.split(',').includes(p.label ?? p.path))) {
  if (page.member && !loggedIn) {
    await logInInBrowser();
    loggedIn = true;
  }
  const result = await measure(page.path, page);
  const label = page.label ?? page.path;
  const cells = ['score', 'lcp', 'tbt', 'cls'].map((key) => {
    const bound = page.budget?.[key];
    if (bound === undefined) return `${key} ${fmt[key](result[key])}`;
    const bad = over[key](result[key], bound);
    failed ||= bad;
    return `${key} ${fmt[key](result[key])} (${limit[key](bound)}${bad ? ' OVER' : ''})`;
  });
  const landed = new URL(result.finalUrl).pathname === page.path ? '' : `  ended at ${result.finalUrl}`;
  console.log(
    `  ${label.padEnd(16)} ${cells.join('  ')}  transferred ${(result.bytes / 1024).toFixed(1)} KB${page.budget ? '' : '  (no budget)'}${landed}`,
  );
  if (values.tasks) {
    for (const task of result.longTasks.sort((a, b) => a.start - b.start)) {
      const script = task.url?.startsWith('http') ? new URL(task.url).pathname : task.url || '(no script)';
      console.log(
        `      ${String(Math.round(task.start)).padStart(5)} ms  ${String(Math.round(task.duration)).padStart(4)} ms  ${script}`,
      );
    }
  }
}

await browser.close().catch(() => undefined);
console.log(failed ? '\nLighthouse budget exceeded' : '\nall within budget');
process.exit(failed ? 1 : 0);
