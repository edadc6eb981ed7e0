// The benchmark's clients, in their own process so they do not share a core with the server under test.
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { benchEvent, channelOf, type DriverMessage, preciseNow, type WorkerMessage } from './messages';

const sockets: WebSocket[] = [];
let latencies = new Float64Array(1 << 20);
let received = 0;
let progress: NodeJS.Timeout | undefined;

function reply(message: WorkerMessage): void {
  process.send?.(message);
}

function record(latency: number): void {
  if (received >= latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[received] = latency;
  received += 1;
}

const marker = `"event":"${benchEvent}"`;
const dataStart = '"data":"';

/** Reads the publish time out of the frame without two JSON parses, so the clients stay cheap. */
function onFrame(raw: string): void {
  if (!raw.includes(marker)) return;
  const start = raw.indexOf(dataStart) + dataStart.length;
  const firstBar = raw.indexOf('|', start);
  const secondBar = raw.indexOf('|', firstBar + 1);
  const publishedAt = Number(raw.slice(firstBar + 1, secondBar));
  record(preciseNow() - publishedAt);
}

function connectOne(port: number, key: string, secret: string, channel: string): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`, {
      perMessageDeflate: false,
    });
    let settled = false;
    const settle = (value: WebSocket | null): void => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    ws.on('message', (data) => {
      const raw = data.toString();
      if (settled) return onFrame(raw);
      const message = JSON.parse(raw) as { event: string; data: string };
      if (message.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(message.data) as { socket_id: string }).socket_id;
        // Signed here as the API's /broadcasting/auth would, so the server does its full check.
        const signature = createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex');
        ws.send(
          JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: `${key}:${signature}` } }),
        );
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        settle(ws);
      } else if (message.event === 'pusher:subscription_error' || message.event === 'pusher:error') {
        settle(null);
      }
    });
    ws.on('error', () => settle(null));
    ws.on('close', () => settle(null));
  });
}

async function connectAll(message: Extract<DriverMessage, { type: 'connect' }>): Promise<void> {
  const started = Date.now();
  let failed = 0;
  // A bounded number of handshakes in flight keeps the loopback accept queue from overflowing.
  const concurrency = 200;
  let next = 0;
  const lanes = Array.from({ length: concurrency }, async () => {
    while (next < message.clients) {
      const index = next;
      next += 1;
      const ws = await connectOne(
        message.port,
        message.key,
        message.secret,
        channelOf(index, message.members),
      );
      if (ws) sockets.push(ws);
      else failed += 1;
    }
  });
  await Promise.all(lanes);
  reply({ type: 'ready', connectMs: Date.now() - started, failed });
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

process.on('message', (message: DriverMessage) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message);
      return;
    case 'reset':
      received = 0;
      clearInterval(progress);
      progress = setInterval(() => reply({ type: 'progress', received }), 20);
      return;
    case 'stats': {
      clearInterval(progress);
      const sorted = latencies.slice(0, received).sort();
      reply({
        type: 'stats',
        received,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: percentile(sorted, 1),
      });
      return;
    }
    case 'disconnect': {
      const closing = sockets.splice(0).map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.terminate();
          }),
      );
      void Promise.all(closing).then(() => reply({ type: 'closed' }));
      return;
    }
  }
});
