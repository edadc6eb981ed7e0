#!/usr/bin/env node
// The site the browser journeys run against: built fresh into e2e/.site, served on E2E_PORT.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const env = { ...process.env, SITE_ENV: 'production' };
rmSync(env.SITE_DIR, { recursive: true, force: true });
// A fresh database and mail outbox each run; the journeys read confirmation links from it.
rmSync(env.DATA_DIR, { recursive: true, force: true });
const build = spawnSync(process.execPath, ['scripts/site/run.mjs', 'build-site'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['--import', 'tsx', 'packages/site-server/src/main.ts'], {
  cwd: root,
  env: {
    ...env,
    PORT: env.E2E_PORT,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SITE_URL: `http://localhost:${env.E2E_PORT}`,
    // Configured tags, so the cookie journeys can see them load only after consent.
    ANALYTICS_ID: 'G-E2ETEST01',
    ADS_ID: 'AW-123456789',
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
