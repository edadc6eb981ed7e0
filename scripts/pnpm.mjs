#!/usr/bin/env node
// Runs the pinned pnpm through npx: corepack cannot verify pnpm's signature against this
// registry mirror, so the version pinned in package.json#packageManager is fetched by npx instead.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinned = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).packageManager;

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['--yes', pinned, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_loglevel: 'error', COREPACK_ENABLE_STRICT: '0' },
    ...options,
  });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
