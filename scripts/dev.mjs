#!/usr/bin/env node
// `npm run dev`: every unit rebuilt on change, served on one origin with live reload.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';

ensureInstalled();
const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(process.execPath, ['scripts/site/run.mjs', 'dev-site'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
