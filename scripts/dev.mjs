#!/usr/bin/env node
// `npm run dev`: every unit rebuilt on change and hot-swapped in the open page, served on one
// origin with the API and realtime.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';

ensureInstalled();
const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(process.execPath, ['scripts/site/run.mjs', 'dev-site'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
