// The API as production runs it (src/main.ts) in a child process of its own, so a fault test can
// kill it with SIGKILL mid-request and start it again on the same port and data dir.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_REALTIME_APP } from '../test/realtime-kit';
import { freePort, removeTempDir, stopProcess, type Tracked, tempDir, track, waitFor } from './own-services';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ApiProcess {
  /** `http://127.0.0.1:{port}/api` */
  base: string;
  /** SIGKILL: no shutdown hook runs, in-flight requests are cut wherever they are. */
  kill(): Promise<void>;
  /** Starts a new process on the same port and data dir; resolves once `/healthz` answers. */
  start(): Promise<void>;
  /** True while the current process runs (a crash would make it false). */
  alive(): boolean;
  output(): string;
  destroy(): Promise<void>;
}

/**
 * Starts the API on `databaseUrl`, publishing realtime events through the Pusher HTTP API of the
 * test realtime node on `realtimePort` (TEST_REALTIME_APP's credentials).
 */
export async function startApiProcess(databaseUrl: string, realtimePort: number): Promise<ApiProcess> {
  const dataDir = tempDir('ukd-faults-api-');
  const port = await freePort();
  let current: Tracked | null = null;
  let log = '';
  const start = async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'fault-suite-secret-fault-suite-secret-0123',
        // Senders post as fast as they are answered: the flood limit (30 a minute) is not under test.
        MESSAGE_RATE_LIMIT: '100000/60',
        DATABASE_URL: databaseUrl,
        REALTIME_APP_ID: TEST_REALTIME_APP.id,
        REALTIME_APP_KEY: TEST_REALTIME_APP.key,
        REALTIME_APP_SECRET: TEST_REALTIME_APP.secret,
        REALTIME_API_HOST: '127.0.0.1',
        REALTIME_API_PORT: String(realtimePort),
        REALTIME_API_TLS: 'false',
      },
    });
    const tracked = track(child);
    current = tracked;
    const failed = tracked.exited.then((how) => {
      throw new Error(`the API exited (${how}) while starting:\n${tracked.output()}`);
    });
    failed.catch(() => {});
    const healthy = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
    // tsx compiles the API on start; on a loaded 2-core machine that can take a while.
    try {
      await Promise.race([waitFor('the API', healthy, 120_000, tracked.output), failed]);
    } catch (error) {
      await stopProcess(tracked, 'SIGKILL');
      throw error;
    }
  };
  await start();
  const kill = async () => {
    if (!current) return;
    await stopProcess(current, 'SIGKILL');
    log += current.output();
    current = null;
  };
  return {
    base: `http://127.0.0.1:${port}/api`,
    kill,
    start,
    alive: () => current !== null && current.child.exitCode === null && current.child.signalCode === null,
    output: () => log + (current?.output() ?? ''),
    async destroy() {
      if (current) await stopProcess(current, 'SIGTERM');
      current = null;
      removeTempDir(dataDir);
    },
  };
}
