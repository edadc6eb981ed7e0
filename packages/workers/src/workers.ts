import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/**
 * `WORKERS`: how many server processes share the port (Node cluster). Unset or 1: this process
 * serves alone, as before. `auto`: one per CPU core.
 */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = (env.WORKERS ?? '').trim();
  if (raw === '' || raw === '1') return 1;
  if (raw === 'auto') return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new Error(`WORKERS must be a whole number from 1 to 64, or auto (got "${raw}")`);
  }
  return n;
}

/** The wait before replacing the n-th worker to die within a minute: 0.5 s, 1 s, 2 s … at most 30 s. */
export function restartDelayMs(diedWithinAMinute: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, diedWithinAMinute - 1));
}

/**
 * Runs `serve` in `count` cluster workers sharing one listening port, or in this process when
 * `count` is 1. The first worker starts alone (migrations, generated secrets and demo data are
 * created once), the others once it listens. A worker that dies unexpectedly is replaced, after a
 * wait that doubles while workers keep dying (`restartDelayMs`); SIGTERM
 * or SIGINT on the primary is passed to every worker, which finish their in-flight requests.
 * Answers true in the primary (which must do nothing else), false where `serve` ran.
 */
export async function runWorkers(count: number, serve: () => Promise<void>): Promise<boolean> {
  if (count <= 1 || cluster.isWorker) {
    await serve();
    return false;
  }
  let started = false;
  let stopping = false;
  // When did workers die unexpectedly in the last minute: a worker that cannot start (its
  // database gone, a bad setting) must not be forked again hundreds of times a second.
  const recentExits: number[] = [];
  const fork = () => {
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => {
      if (stopping || !started) return;
      const now = Date.now();
      while (recentExits.length > 0 && now - (recentExits[0] ?? now) > 60_000) recentExits.shift();
      recentExits.push(now);
      const delay = restartDelayMs(recentExits.length);
      console.error(
        `worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${delay / 1000} s`,
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
    return worker;
  };
  const first = fork();
  await new Promise<void>((resolve, reject) => {
    first.once('listening', () => resolve());
    first.once('exit', (code) => reject(new Error(`the first worker exited (${code}) before listening`)));
  }).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  started = true;
  for (let i = 1; i < count; i += 1) fork();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  return true;
}
