#!/usr/bin/env node
// `npm run dev [-- <unit>...]`: the named units (all by default) rebuilt on change and hot-swapped
// in the open page, served on one origin with the API and realtime.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';

ensureInstalled();
const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(process.execPath, ['scripts/site/run.mjs', 'dev-site', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
