#!/usr/bin/env node
// `npm start`: install what is missing, build the whole site, serve it on one origin.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureInstalled();

const build = spawnSync(process.execPath, ['scripts/site/run.mjs', 'build-site'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--import', 'tsx', 'packages/site-server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
