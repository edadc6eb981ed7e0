#!/usr/bin/env node
// The browser tests drive Debian's Chromium: Playwright's own browser download cannot work here.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  console.log(`Installing Chromium (${chromiumPath} is missing) with apt-get...`);
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return result.status === 0;
  };
  if (!run(['apt-get', 'update', '-qq']) || !run(['apt-get', 'install', '-y', '-qq', 'chromium'])) {
    console.error('Could not install Chromium. Install Debian package "chromium" or set CHROMIUM_PATH.');
    process.exit(1);
  }
  execFileSync(chromiumPath, ['--version'], { stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium();
