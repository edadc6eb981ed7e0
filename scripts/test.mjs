#!/usr/bin/env node
// `npm test`: install what is missing, then lint, type-check, run every package's unit and
// integration tests, and the browser journeys against the composed site. Ends with one line,
// `tests: N passed, N failed`, summed over every runner, after the names of the tests that failed
// (CI keeps only the tail of a long log, so a failure must be named there).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstalled } from './ensure-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinnedPnpm = ['--yes', 'pnpm@10.34.8'];
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
/** `FAIL  file > test` (Vitest) and `✘ … file:line › test` (Playwright) lines, in order, once each. */
const failedTests = new Set();
/** How long each step took, printed at the end: CI must stay under 30 minutes. */
const timings = [];
const since = (started) => `${Math.round((Date.now() - started) / 1000)} s`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colours before counting
const ansi = /\u001b\[[0-9;]*m/g;

// pnpm prefixes each line of a recursive run with `<package dir> test: ` (or `test:faults: `).
const pnpmPrefix = /^(\S+) test(:faults)?: /;

/** Vitest prints `Tests  12 passed | 1 failed (13)`; Playwright `12 passed` and `1 failed`. Adds
 * them to `totals`, and each failed test's line to `failedTests`. */
function count(output) {
  const lines = output.replace(ansi, '').split('\n');
  lines.forEach((raw, i) => {
    const where = raw.match(pnpmPrefix);
    const line = where ? raw.slice(where[0].length) : raw;
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    const playwright = line.match(/^\s+(\d+) (passed|failed|flaky)\b/);
    if (vitest) {
      totals.passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
      totals.failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    } else if (playwright) {
      totals[playwright[2] === 'failed' ? 'failed' : 'passed'] += Number(playwright[1]);
    }
    const failure = line.match(/^\s*(FAIL\s+\S.*|✘\s+\d+\s+\S.*)$/);
    if (!failure) return;
    // Vitest names the error on the next line: keep it beside the test's name.
    const next = (lines[i + 1] ?? '').replace(pnpmPrefix, '').trim();
    const error = /^\w*Error\b/.test(next) ? ` (${next.slice(0, 200)})` : '';
    failedTests.add(`${where ? `${where[1]}: ` : ''}${failure[1].replace(/\s+/g, ' ').trim()}${error}`);
  });
}

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, npm_config_loglevel: 'error', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      count(output);
      timings.push(`${name}: ${since(started)}`);
      if (code !== 0) failedSteps.push(name);
      resolve(code === 0);
    });
  });
}

const installStarted = Date.now();
ensureInstalled();
ensureChromium();
timings.push(`install: ${since(installStarted)}`);

const only = process.argv[2];
if (!only || only === 'lint') {
  await step('lint (biome)', 'npx', [...pinnedPnpm, 'exec', 'biome', 'check', '.']);
  await step('import circles', 'node', ['scripts/import-circles.mjs']);
}
if (!only || only === 'typecheck') {
  await step('typecheck', 'npx', [...pinnedPnpm, '-r', '--workspace-concurrency=2', 'typecheck']);
  await step('typecheck site scripts', 'npx', [
    ...pinnedPnpm,
    'exec',
    'tsc',
    '-p',
    'scripts/site/tsconfig.json',
  ]);
}
if (!only || only === 'unit')
  await step('unit and integration tests', 'npx', [
    ...pinnedPnpm,
    '-r',
    '--workspace-concurrency=1',
    '--no-bail',
    '--filter=!@ukd/e2e',
    'test',
  ]);
// Its own step: it starts its own PostgreSQL, Redis and API processes and kills them (README, Faults).
if (!only || only === 'faults')
  await step('fault suite (API killed, PostgreSQL and Redis restarted)', 'npx', [
    ...pinnedPnpm,
    '--filter=@ukd/api',
    'test:faults',
  ]);
if (!only || only === 'e2e')
  await step('browser journeys (Playwright, Chromium)', 'npx', [...pinnedPnpm, '--filter=@ukd/e2e', 'test']);

if (failedTests.size) console.log(`\nfailed tests:\n${[...failedTests].map((t) => `  ${t}`).join('\n')}`);
console.log(`\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps passed'}`);
console.log(`times: ${timings.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
