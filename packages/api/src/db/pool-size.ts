import { availableParallelism } from 'node:os';
import { workerCount } from '@ukd/workers';

/**
 * PostgreSQL connections each API process opens when `DB_POOL_SIZE` does not say: about two per
 * core for all the processes together (`processes` of them on `cores`), at least two each.
 *
 * More connections than the cores can run make every statement dearer, not more of them at once:
 * the backends take turns on the cores, each with its own caches. bench:api on 2 cores, one
 * process, pools of 4 against 10 (both sides alike): the conversation list 2,298 against 1,908
 * answers a second with PostgreSQL's CPU per answer 0.28 against 0.38 ms, sends 1,172 against
 * 949 (0.79 against 1.16 ms), and 20 connections worse again (0.46 ms a list). Two processes:
 * 2 connections each against 4 each, sends 1,260 against 905 (issue 16). Requests beyond the
 * pool wait in the process (up to `CONNECT_TIMEOUT_MS`) instead of in PostgreSQL's run queue.
 * The rule assumes PostgreSQL on cores like the API's; on a bigger database machine set
 * `DB_POOL_SIZE` to about twice its cores divided by the API processes that share it.
 */
export function connectionsPerProcess(processes = 1, cores = availableParallelism()): number {
  return Math.max(2, Math.round((2 * cores) / Math.max(1, processes)));
}

/** The pool `env` asks for: `DB_POOL_SIZE` when it is a count of at least one, otherwise
 * `connectionsPerProcess` for the `WORKERS` processes it names. */
export function poolSizeFromEnv(env: NodeJS.ProcessEnv): number {
  const size = env.DB_POOL_SIZE ? Number(env.DB_POOL_SIZE) : Number.NaN;
  return Number.isInteger(size) && size >= 1 ? size : connectionsPerProcess(workerCount(env));
}
