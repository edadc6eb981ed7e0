import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteDir } from '../playwright.config';

const repoRoot = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface DevSite {
  url: string;
  stop(): Promise<void>;
}

/**
 * `npm run dev -- <units>` on a free port, in a copy of the journeys' freshly built site: the
 * remotes not named are served from those production builds (they are newer than the sources),
 * so only the shell and the named units are built, in development mode.
 */
export async function startDevSite(units: string[]): Promise<DevSite> {
  const work = mkdtempSync(join(tmpdir(), 'ukd-dev-site-'));
  cpSync(siteDir, join(work, 'site'), {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !source.endsWith('.manifest.lock'),
  });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/site/run.mjs', 'dev-site', ...units], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_DIR: join(work, 'site'),
      DATA_DIR: join(work, 'data'),
      SITE_URL: `http://localhost:${port}`,
      SEED_DEMO_DATA: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`Flirtlane (development) at http://localhost:${port}`)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`npm run dev exited before serving:\n${output}`)));
  });
  return {
    url: `http://localhost:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(work, { recursive: true, force: true });
    },
  };
}
