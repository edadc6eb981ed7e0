// Starts the API as `pnpm --filter @ukd/api start` runs it (src/main.ts, WORKERS processes) and
// the bare baseline beside it, each as a child process on its own loopback port.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { poolSizeFromEnv } from '@ukd/api';
import { cpuCap } from './cpu-cap';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface Server {
  origin: string;
  /** The server's process (the cluster's primary when WORKERS > 1). */
  pid?: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) while starting`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer /healthz within 120 s`);
}

let started = 0;

async function start(
  script: string,
  env: NodeJS.ProcessEnv,
  what: string,
  health = '/healthz',
  nodeArgs: string[] = [],
  /** Cores the server's processes may use together (`--cpu-cap`), if capped. */
  capCores?: number,
): Promise<Server> {
  const port = await freePort();
  started += 1;
  const cap = capCores ? await cpuCap(`ukd-bench-${process.pid}-${started}`, capCores) : null;
  const node = [...nodeArgs, '--import', 'tsx', script];
  const { command, args } = cap
    ? cap.wrap(process.execPath, node)
    : { command: process.execPath, args: node };
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${origin}${health}`, child, what);
  } catch (error) {
    child.kill('SIGTERM');
    await cap?.remove();
    throw error;
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    origin,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await cap?.remove();
    },
  };
}

export interface ServerEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  workers: number;
  /** The standalone realtime server both publish to (Pusher HTTP API). */
  realtime: { port: number; secret: string };
  /** Cores each server process may use (`--cpu-cap`), if capped. */
  cpuCapPerProcess?: number;
}

/** PostgreSQL connections per process, the same for ours and the bare baseline: what our API
 * reads from DB_POOL_SIZE, or its default for this many processes. */
export const poolSizeOf = (workers: number) => poolSizeFromEnv({ ...process.env, WORKERS: String(workers) });

const capOf = (opts: ServerEnv) => (opts.cpuCapPerProcess ? opts.cpuCapPerProcess * opts.workers : undefined);

const REALTIME_APP = { id: 'flirtlane', key: 'flirtlane-key' };

const realtimeEnv = (opts: ServerEnv) => ({
  REALTIME_APP_ID: REALTIME_APP.id,
  REALTIME_APP_KEY: REALTIME_APP.key,
  REALTIME_APP_SECRET: opts.realtime.secret,
  REALTIME_API_HOST: '127.0.0.1',
  REALTIME_API_PORT: String(opts.realtime.port),
});

/** `pnpm --filter @ukd/realtime-server start`: where sends are published (nobody subscribes here). */
export async function startRealtime(secret: string): Promise<Server & { port: number }> {
  const server = await start(
    'packages/realtime-server/src/main.ts',
    { REALTIME_APP_ID: REALTIME_APP.id, REALTIME_APP_KEY: REALTIME_APP.key, REALTIME_APP_SECRET: secret },
    'the realtime server',
    '/health',
  );
  return { ...server, port: Number(new URL(server.origin).port) };
}

/** Our API: production code and defaults, except request logs (warn) and the flood limit. */
export function startOurs(opts: ServerEnv): Promise<Server> {
  return start(
    'packages/api/src/main.ts',
    {
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      DATA_DIR: opts.dataDir,
      JWT_SECRET: opts.jwtSecret,
      WORKERS: String(opts.workers),
      DB_POOL_SIZE: String(poolSizeOf(opts.workers)),
      ...realtimeEnv(opts),
      SEED_DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // 30 a minute per member would refuse a benchmark's sends.
      MESSAGE_RATE_LIMIT: '999999/60',
    },
    `the API (${opts.workers} process${opts.workers > 1 ? 'es' : ''})`,
    '/healthz',
    [
      // As packages/api's start script runs it (docs/decisions.md, "A larger young generation").
      '--max-semi-space-size=64',
      ...cpuProfileFlags('ours'),
    ],
    capOf(opts),
  );
}

/** The bare baseline on `opts.databaseUrl`, or with `pgliteDir` on a PGlite database there. */
export function startBare(opts: ServerEnv & { pgliteDir?: string }): Promise<Server> {
  return start(
    'bench/api/src/bare-server.ts',
    {
      ...(opts.pgliteDir ? { PGLITE_DIR: opts.pgliteDir } : { DATABASE_URL: opts.databaseUrl }),
      JWT_SECRET: opts.jwtSecret,
      WORKERS: String(opts.workers),
      DB_POOL_SIZE: String(poolSizeOf(opts.workers)),
      ...realtimeEnv(opts),
    },
    'the bare baseline',
    undefined,
    cpuProfileFlags('bare'),
    capOf(opts),
  );
}

/** BENCH_CPU_PROFILE=<dir>: a V8 CPU profile per server process and run, written when it stops,
 * ours and the bare baseline's in sub-directories of their own so the two can be compared. */
function cpuProfileFlags(side: 'ours' | 'bare'): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}/${side}`] : [];
}
