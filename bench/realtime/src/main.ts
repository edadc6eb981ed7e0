// Delivery latency and throughput of @ukd/realtime-server against a bare ws broadcast server.
// Usage: pnpm --filter @ukd/bench-realtime start -- --clients 5000 --rate 2000 --seconds 10
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRealtimeServer, type RealtimeServer } from '@ukd/realtime-server';
import { BareWsBroadcastServer } from './bare-ws-server';
import {
  benchEvent,
  type DeliveryStats,
  type DriverMessage,
  preciseNow,
  type WorkerMessage,
} from './messages';

const { values } = parseArgs({
  // `pnpm start -- --clients 100` forwards the `--` itself.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    clients: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
    members: { type: 'string', default: '2' },
    'burst-seconds': { type: 'string', default: '2' },
    payload: { type: 'string', default: '200' },
    // Runs the server with its Redis adapter (one node), to show what the cluster layer costs.
    redis: { type: 'string' },
  },
});
const clients = Number(values.clients);
const deliveriesPerSecond = Number(values.rate);
const seconds = Number(values.seconds);
const members = Math.max(1, Number(values.members));
const burstSeconds = Number(values['burst-seconds']);
const padding = 'x'.repeat(Math.max(0, Number(values.payload) - 40));
const channelCount = Math.ceil(clients / members);
const app = { id: 'bench', key: 'bench-key', secret: 'bench-secret' };

interface Target {
  name: string;
  publish(channel: string, data: string): void;
  close(): Promise<void>;
}

interface PhaseResult extends DeliveryStats {
  expected: number;
  seconds: number;
}

function checkFileLimit(): void {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  // Each process holds one descriptor per client, plus a margin for the runtime itself.
  // Both servers are up at once, so each process holds two descriptors per client.
  if (Number.isFinite(limit) && limit < 2 * clients + 256) {
    console.error(
      `ulimit -n is ${limit}; ${clients} clients need ${2 * clients + 256}. Raise it: ulimit -n 65536`,
    );
    process.exit(1);
  }
}

const worker = fork(fileURLToPath(new URL('./client-worker.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let lastProgress = 0;
worker.on('message', (message: WorkerMessage) => {
  if (message.type === 'progress') lastProgress = message.received;
});

function ask<T extends WorkerMessage['type']>(
  message: DriverMessage,
  answer: T,
): Promise<Extract<WorkerMessage, { type: T }>> {
  return new Promise((resolve) => {
    const listener = (reply: WorkerMessage): void => {
      if (reply.type !== answer) return;
      worker.off('message', listener);
      resolve(reply as Extract<WorkerMessage, { type: T }>);
    };
    worker.on('message', listener);
    worker.send(message);
  });
}

function membersOf(channelIndex: number): number {
  return Math.min(members, clients - channelIndex * members);
}

/** Waits until the clients report every expected delivery, or until nothing has arrived for 2 s. */
async function drain(expected: number): Promise<void> {
  let seen = -1;
  let quietSince = Date.now();
  while (lastProgress < expected) {
    if (lastProgress !== seen) {
      seen = lastProgress;
      quietSince = Date.now();
    } else if (Date.now() - quietSince > 2000) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let sequence = 0;
function publishOne(target: Target, channelIndex: number): number {
  sequence += 1;
  target.publish(`private-bench.conversation.${channelIndex}`, `${sequence}|${preciseNow()}|${padding}`);
  return membersOf(channelIndex);
}

/** Publishes at a fixed rate for `seconds`, spreading events over the channels round robin. */
async function fixedRate(target: Target, duration = seconds): Promise<PhaseResult> {
  worker.send({ type: 'reset' } satisfies DriverMessage);
  lastProgress = 0;
  const eventsPerSecond = deliveriesPerSecond / members;
  const started = performance.now();
  let published = 0;
  let expected = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(
        Math.floor((elapsed * eventsPerSecond) / 1000),
        Math.floor(seconds * eventsPerSecond),
      );
      while (published < due) {
        expected += publishOne(target, published % channelCount);
        published += 1;
      }
      if (elapsed >= duration * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  await drain(expected);
  const stats = await ask({ type: 'stats' }, 'stats');
  return { ...stats, expected, seconds: duration };
}

/** Publishes as fast as the server delivers, with a bounded number of deliveries in flight. */
async function capacity(target: Target): Promise<PhaseResult> {
  worker.send({ type: 'reset' } satisfies DriverMessage);
  lastProgress = 0;
  const window = 5000;
  const started = performance.now();
  let published = 0;
  let expected = 0;
  while (performance.now() - started < burstSeconds * 1000) {
    let batch = 0;
    while (expected - lastProgress < window && batch < 200) {
      expected += publishOne(target, published % channelCount);
      published += 1;
      batch += 1;
    }
    // Let socket writes and worker progress reports run.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await drain(expected);
  const elapsed = (performance.now() - started) / 1000;
  const stats = await ask({ type: 'stats' }, 'stats');
  return { ...stats, expected, seconds: elapsed };
}

async function listen(
  onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<Server> {
  const server = createServer((_, res) => res.writeHead(404).end());
  server.on('upgrade', onUpgrade);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

async function realtimeTarget(): Promise<{ target: Target; server: Server }> {
  const realtime: RealtimeServer = await createRealtimeServer({
    apps: [app],
    limits: { maxConnections: clients + 1000, maxConnectionsPerIp: 0 },
    redisUrl: values.redis,
    redisKeyPrefix: `flirtlane-bench:${randomUUID()}:`,
  });
  const server = await listen((req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  const target: Target = {
    name: values.redis ? 'realtime-server+redis' : '@ukd/realtime-server',
    // The same entry point the API's in-process broadcaster calls.
    publish: (channel, data) => {
      realtime.publish(app.id, [channel], benchEvent, data).catch((error: unknown) => {
        console.error('publish failed', error);
      });
    },
    close: () => realtime.close(),
  };
  return { target, server };
}

async function bareTarget(): Promise<{ target: Target; server: Server }> {
  const bare = new BareWsBroadcastServer();
  const server = await listen((req, socket, head) => bare.handleUpgrade(req, socket, head));
  const target: Target = {
    name: 'bare ws broadcast',
    publish: (channel, data) => bare.publish(channel, benchEvent, data),
    close: async () => bare.close(),
  };
  return { target, server };
}

interface RunResult {
  name: string;
  connectMs: number;
  failed: number;
  steady: PhaseResult;
  /** Capacity rounds, interleaved with the other server's so background load hits both alike. */
  bursts: PhaseResult[];
}

async function connect(make: () => Promise<{ target: Target; server: Server }>) {
  const { target, server } = await make();
  const port = (server.address() as AddressInfo).port;
  const ready = await ask(
    { type: 'connect', port, key: app.key, secret: app.secret, clients, members },
    'ready',
  );
  process.stdout.write(
    `  ${target.name}: ${clients - ready.failed} clients ready in ${ready.connectMs} ms\n`,
  );
  const result: RunResult = {
    name: target.name,
    connectMs: ready.connectMs,
    failed: ready.failed,
    steady: { received: 0, expected: 0, seconds: 0, p50: 0, p99: 0, max: 0 },
    bursts: [],
  };
  return { target, server, result };
}

function rate(phase: PhaseResult): number {
  return phase.received / phase.seconds;
}

function median(results: PhaseResult[]): PhaseResult {
  const sorted = [...results].sort((a, b) => rate(a) - rate(b));
  return sorted[Math.floor(sorted.length / 2)] ?? results[0]!;
}

function row(result: RunResult): string {
  const { steady } = result;
  const burst = median(result.bursts);
  const lost = steady.expected - steady.received;
  return [
    result.name.padEnd(22),
    `${(steady.received / steady.seconds).toFixed(0).padStart(7)}/s`,
    `${steady.p50.toFixed(2).padStart(7)} ms`,
    `${steady.p99.toFixed(2).padStart(7)} ms`,
    `${steady.max.toFixed(1).padStart(7)} ms`,
    `${String(lost).padStart(5)}`,
    `${(burst.received / burst.seconds).toFixed(0).padStart(8)}/s`,
    `${burst.p99.toFixed(1).padStart(7)} ms`,
    `${String(burst.expected - burst.received).padStart(5)}`,
  ].join('  ');
}

checkFileLimit();
const wallStart = Date.now();
process.stdout.write(
  `realtime benchmark: ${clients} clients on ${channelCount} private channels (${members} per channel), ` +
    `${deliveriesPerSecond} deliveries/s for ${seconds} s${values.redis ? ` (Redis adapter at ${values.redis})` : ''}, then 3 rounds of ${burstSeconds} s at capacity; loopback, payload ~${values.payload} B\n`,
);
// Both servers stay up with their own clients; only one is driven at a time.
const realtime = await connect(realtimeTarget);
const bare = await connect(bareTarget);
// A short unmeasured run first, so the collection of connection-setup garbage and JIT warm-up
// land outside the measured window for both servers alike.
await fixedRate(realtime.target, 2);
realtime.result.steady = await fixedRate(realtime.target);
await fixedRate(bare.target, 2);
bare.result.steady = await fixedRate(bare.target);
for (let round = 0; round < 3; round += 1) {
  realtime.result.bursts.push(await capacity(realtime.target));
  bare.result.bursts.push(await capacity(bare.target));
}
await ask({ type: 'disconnect' }, 'closed');
worker.kill();
for (const { target, server } of [realtime, bare]) {
  await target.close();
  server.closeAllConnections();
  server.close();
}
const realtimeResult = realtime.result;
const bareResult = bare.result;

process.stdout.write(
  `\n${'server'.padEnd(22)}  ${'steady'.padStart(9)}  ${'p50'.padStart(10)}  ${'p99'.padStart(10)}  ${'max'.padStart(10)}  ${'lost'.padStart(5)}  ${'capacity'.padStart(10)}  ${'cap p99'.padStart(10)}  ${'lost'.padStart(5)}\n`,
);
process.stdout.write(`${row(realtimeResult)}\n${row(bareResult)}\n`);

const ratio = rate(median(realtimeResult.bursts)) / rate(median(bareResult.bursts));
const steady = realtimeResult.steady;
const lost =
  steady.expected -
  steady.received +
  realtimeResult.bursts.reduce((sum, burst) => sum + burst.expected - burst.received, 0);
const checks: Array<[string, boolean]> = [
  [
    `steady deliveries/s >= ${deliveriesPerSecond * 0.95}`,
    steady.received / steady.seconds >= deliveriesPerSecond * 0.95,
  ],
  ['p99 < 50 ms', steady.p99 < 50],
  ['zero lost', lost === 0],
  ['capacity >= 70% of bare ws', ratio >= 0.7],
];
process.stdout.write(
  `\ncapacity rounds (deliveries/s): realtime ${realtimeResult.bursts.map((b) => rate(b).toFixed(0)).join(', ')}; ` +
    `bare ws ${bareResult.bursts.map((b) => rate(b).toFixed(0)).join(', ')}\n`,
);
process.stdout.write(
  `throughput ratio (realtime / bare ws, median capacity): ${(ratio * 100).toFixed(1)}%\n`,
);
for (const [name, ok] of checks) process.stdout.write(`  ${ok ? 'PASS' : 'FAIL'}  ${name}\n`);
process.stdout.write(`total time ${((Date.now() - wallStart) / 1000).toFixed(1)} s\n`);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
