#!/usr/bin/env node
// Installs the workspace when anything that decides the install changed since the last one,
// so `npm start` and `npm test` work on a fresh clone and cost nothing when up to date.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'node_modules', '.install-stamp');

function manifests() {
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const dir of ['.', 'packages']) {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const file = join(dir, entry.name, 'package.json');
      if (existsSync(join(root, file))) files.push(file);
    }
  }
  return files.sort();
}

export function ensureInstalled() {
  const hash = createHash('sha256');
  for (const file of manifests()) {
    hash.update(file);
    if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  }
  const digest = hash.digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) return;
  const frozen = process.env.CI && existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  const status = pnpm(['install', ...frozen]);
  if (status !== 0) process.exit(status);
  writeFileSync(stampFile, digest);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstalled();
