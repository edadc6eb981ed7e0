// Messages between member pairs at a fixed rate through the API, on PGlite and on PostgreSQL:
// the time from a sender's POST to the recipient's pusher-js client receiving `message.sent`,
// POST latency, and messages lost or duplicated (both must be 0).
// Usage: pnpm --filter @ukd/bench-messaging start -- --pairs 50 --rate 100 --seconds 10
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type Backend,
  type Member,
  postgresDatabase,
  postgresUrl,
  registerMember,
  SITE_KEY,
  startBackend,
  startConversation,
} from './backend';
import { startBareBackend } from './bare-backend';
import type { DriverMessage, Pair, Percentiles, RunResult, WorkerMessage } from './messages';

const { values } = parseArgs({
  // `pnpm start -- --pairs 10` forwards the `--` itself.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    pairs: { type: 'string', default: '50' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    // Sends at the same rate before the measured ones (JIT, pools and caches warm up), checked
    // for loss and duplicates like the rest but not timed.
    warmup: { type: 'string', default: '2' },
    // Every n-th send also re-posts a client_msg_id already used (alternately racing the
    // original and after its answer): 25 is a 4 % share.
    'retry-every': { type: 'string', default: '25' },
    'grace-ms': { type: 'string', default: '5000' },
    // pglite, postgres or both.
    db: { type: 'string', default: 'both' },
  },
});
const pairCount = Math.max(1, Number(values.pairs));
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const warmupSeconds = Number(values.warmup);
const retryEvery = Number(values['retry-every']);
const graceMs = Number(values['grace-ms']);
if (!(rate > 0 && seconds > 0 && warmupSeconds >= 0 && (seconds + warmupSeconds) * rate <= 100_000)) {
  console.error(
    '--rate and --seconds must be positive, --warmup at least 0, and rate × (seconds + warmup) at most 100,000',
  );
  process.exit(2);
}

function ask<T extends WorkerMessage['type']>(
  worker: ReturnType<typeof fork>,
  message: DriverMessage,
  answer: T,
): Promise<Extract<WorkerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`client process exited (${code})`));
    const listener = (reply: WorkerMessage): void => {
      if (reply.type !== answer) return;
      worker.off('message', listener);
      worker.off('exit', onExit);
      resolve(reply as Extract<WorkerMessage, { type: T }>);
    };
    worker.on('message', listener);
    worker.once('exit', onExit);
    worker.send(message);
  });
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await task(items[index] as T, index);
      }
    }),
  );
  return results;
}

interface DriverResult {
  driver: string;
  setupMs: number;
  subscribed: number;
  unsubscribed: number;
  result: RunResult;
}

/** The members' own process: recipients subscribe on `port`, senders post at the set rate. */
async function runClients(label: string, port: number, appKey: string, pairs: Pair[], setupStart: number) {
  const worker = fork(fileURLToPath(new URL('./client-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await ask(worker, { type: 'connect', port, appKey, siteKey: SITE_KEY, pairs }, 'ready');
    const setupMs = Math.round(performance.now() - setupStart);
    console.log(
      `  ${label}: ${pairs.length} conversations, ${ready.subscribed} recipients subscribed ` +
        `(pusher-js, ${ready.connectMs} ms); setup ${setupMs} ms; sending…`,
    );
    const { result } = await ask(
      worker,
      { type: 'run', rate, seconds, warmupSeconds, retryEvery, graceMs },
      'result',
    );
    await ask(worker, { type: 'disconnect' }, 'closed');
    return {
      driver: label,
      setupMs,
      subscribed: ready.subscribed,
      unsubscribed: ready.failed.length,
      result,
    };
  } finally {
    worker.kill();
  }
}

/**
 * Our backend on `driver`, and on PostgreSQL then the bare baseline on the same database, each
 * with conversations of its own (set up through our API) and the whole machine to itself.
 */
async function benchDriver(driver: 'pglite' | 'postgres', databaseUrl?: string): Promise<DriverResult[]> {
  const setupStart = performance.now();
  const backend: Backend = await startBackend({
    ...(databaseUrl ? { databaseUrl } : {}),
    members: pairCount,
  });
  let barePairs: Pair[] = [];
  const results: DriverResult[] = [];
  try {
    const run = randomBytes(3).toString('hex');
    const sets = databaseUrl ? 2 : 1;
    const members: Member[] = await pool(
      Array.from({ length: pairCount * 2 * sets }, (_, i) => i),
      8,
      (i) => registerMember(backend.port, `${run}_${i}`),
    );
    // Each sender gets what its share of the sends costs (1 credit per text) and a margin.
    const perSender = Math.ceil((rate * (seconds + warmupSeconds)) / pairCount) + 100;
    const allPairs: Pair[] = await pool(
      Array.from({ length: pairCount * sets }, (_, i) => i),
      8,
      async (i) => {
        const sender = members[2 * i] as Member;
        const recipient = members[2 * i + 1] as Member;
        const conversation = await startConversation(backend.port, sender, recipient);
        await backend.grantCredits(conversation.senderId, perSender);
        return {
          conversationUuid: conversation.uuid,
          senderToken: sender.token,
          recipientToken: recipient.token,
        };
      },
    );
    barePairs = allPairs.slice(pairCount);
    results.push(
      await runClients(driver, backend.port, backend.appKey, allPairs.slice(0, pairCount), setupStart),
    );
  } finally {
    await backend.close();
  }
  if (databaseUrl) {
    const bareStart = performance.now();
    const bare = await startBareBackend({ databaseUrl, jwtSecret: backend.jwtSecret, siteKey: SITE_KEY });
    try {
      results.push(await runClients(`${driver} bare`, bare.port, bare.appKey, barePairs, bareStart));
    } finally {
      await bare.close();
    }
  }
  return results;
}

const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');
const line = (p: Percentiles): string =>
  `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)}, max ${ms(p.max)} (n=${p.count})`;

function duplicates(r: RunResult): number {
  return r.receivedTwice + r.storedTwice + r.retryMismatches;
}

function errorCount(r: RunResult): number {
  return Object.values(r.errors).reduce((sum, n) => sum + n, 0);
}

function report({ driver, subscribed, unsubscribed, result: r }: DriverResult): void {
  const errors = Object.entries(r.errors)
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ');
  console.log(`\n${driver}`);
  console.log(
    `  sends        attempted ${r.attempted} (${r.warmupSends} in the warm-up), created (201) ${r.created}, ` +
      `stored (API list) ${r.stored}; ${r.throughput.toFixed(1)}/s over the ${r.sendSeconds.toFixed(1)} s after the warm-up`,
  );
  console.log(
    `  retries      ${r.retries} re-posts of a used client_msg_id, ${r.retriesDeduplicated} answered with the original`,
  );
  console.log(`  POST → recipient's message.sent   ${line(r.delivery)}`);
  console.log(`  POST → answer                     ${line(r.post)}`);
  console.log(
    `  lost ${r.lost} (stored, not received within ${graceMs} ms)   duplicated ${duplicates(r)} ` +
      `(received twice ${r.receivedTwice}, stored twice ${r.storedTwice}, retry answered another message ${r.retryMismatches})`,
  );
  console.log(
    `  errors ${errorCount(r)}${errors ? ` (${errors})` : ''}; recipients subscribed ${subscribed}, failed ${unsubscribed}`,
  );
}

const wallStart = performance.now();
console.log(
  `messaging benchmark: ${pairCount} member pairs, ${rate} sends/s for ${seconds} s after a ${warmupSeconds} s warm-up through POST /api/user-conversations/{uuid}/messages, ` +
    `a retry every ${retryEvery} sends; recipients are pusher-js clients in a child process; loopback only`,
);
const results: DriverResult[] = [];
if (values.db !== 'postgres') results.push(...(await benchDriver('pglite')));
if (values.db !== 'pglite') {
  const database = await postgresDatabase();
  if (!database) console.log(`  PostgreSQL not reachable at ${postgresUrl}: PostgreSQL run skipped.`);
  else {
    try {
      results.push(...(await benchDriver('postgres', database.url)));
    } finally {
      await database.drop();
    }
  }
}
for (const result of results) report(result);
const ours = results.find((r) => r.driver === 'postgres')?.result;
const bare = results.find((r) => r.driver === 'postgres bare')?.result;
if (ours && bare) {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
  console.log(
    `\nPostgreSQL, ours beside bare at ${rate} sends/s: achieved ${ours.throughput.toFixed(1)}/s vs ` +
      `${bare.throughput.toFixed(1)}/s (${ratio(ours.throughput, bare.throughput)}); POST → recipient p99 ` +
      `${ms(ours.delivery.p99)} vs ${ms(bare.delivery.p99)} (${ratio(ours.delivery.p99, bare.delivery.p99)})`,
  );
}

const checks: Array<[string, boolean]> = results.flatMap(({ driver, unsubscribed, result: r }) => [
  [`${driver}: zero lost`, r.lost === 0],
  [`${driver}: zero duplicated`, duplicates(r) === 0],
  [`${driver}: every recipient subscribed`, unsubscribed === 0],
  [`${driver}: every send stored`, r.stored === r.attempted],
]);
console.log('');
for (const [name, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`);
console.log(`total time ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
