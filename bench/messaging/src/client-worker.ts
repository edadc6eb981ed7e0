// The benchmark's members, in their own process so they do not share an event loop with the
// backend: one real pusher-js client per recipient, subscribed to its conversation through
// POST /api/broadcasting/auth, and the senders posting at a fixed rate through the API.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { MESSAGE_EVENTS, type Message, realtimeChannels } from '@ukd/contracts/api';
import Pusher from 'pusher-js';
import {
  type DriverMessage,
  type Pair,
  percentiles,
  type RunOptions,
  type RunResult,
  type WorkerMessage,
} from './messages';

function reply(message: WorkerMessage): void {
  process.send?.(message);
}

const POST_TIMEOUT_MS = 30_000;

let base = '';
let siteKey = '';
let pairs: Pair[] = [];
const clients: Pusher[] = [];

/** First receipt time of each message id, and how many times each arrived. */
const receivedAt = new Map<number, number>();
let receivedTwice = 0;

function onMessage(message: Message): void {
  const now = performance.now();
  if (receivedAt.has(message.id)) receivedTwice += 1;
  else receivedAt.set(message.id, now);
}

function subscribe(port: number, appKey: string, pair: Pair): Promise<boolean> {
  const client = new Pusher(appKey, {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${base}/broadcasting/auth`,
      transport: 'ajax',
      headers: { 'Site-key': siteKey, Authorization: `Bearer ${pair.recipientToken}` },
    },
  });
  clients.push(client);
  const channel = client.subscribe(realtimeChannels.conversation(pair.conversationUuid));
  channel.bind(MESSAGE_EVENTS.sent, onMessage);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 15_000);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(true);
    });
    channel.bind('pusher:subscription_error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

async function connectAll(message: Extract<DriverMessage, { type: 'connect' }>): Promise<void> {
  base = `http://127.0.0.1:${message.port}/api`;
  siteKey = message.siteKey;
  pairs = message.pairs;
  const started = performance.now();
  const failed: string[] = [];
  let next = 0;
  // A bounded number of handshakes and auth requests in flight.
  const lanes = Array.from({ length: 25 }, async () => {
    while (next < pairs.length) {
      const pair = pairs[next] as Pair;
      next += 1;
      if (!(await subscribe(message.port, message.appKey, pair))) failed.push(pair.conversationUuid);
    }
  });
  await Promise.all(lanes);
  reply({
    type: 'ready',
    connectMs: Math.round(performance.now() - started),
    subscribed: pairs.length - failed.length,
    failed,
  });
}

interface Sent {
  pair: Pair;
  clientMsgId: string;
  body: string;
  /** Scheduled start of the first POST (the load is open loop: it starts on time whatever came before). */
  startedAt: number;
  /** The stored message's id, from the first 2xx answer. */
  messageId?: number;
  answered: boolean;
  /** Sent after the warm-up: its latencies count. */
  measured: boolean;
}

/** A send's answer: its status and its body as JSON (null when it is not JSON). */
interface Answer {
  status: number;
  json: { data?: Message } | null;
}

// Keep-alive sockets, as many as the sends in flight. The POSTs went through `fetch` until 29 Nov:
// its request and stream objects cost this process more CPU per send than the API spent on it,
// CPU taken from the servers on the two cores they share (docs in README.md).
const agent = new http.Agent({ keepAlive: true });

function post(pair: Pair, clientMsgId: string, body: string): Promise<Answer> {
  const payload = JSON.stringify({ client_msg_id: clientMsgId, type: 'text', body });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/user-conversations/${pair.conversationUuid}/messages`,
      {
        method: 'POST',
        agent,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'site-key': siteKey,
          authorization: `Bearer ${pair.senderToken}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let json: Answer['json'] = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['json'];
          } catch {
            // Not JSON (a proxy's error page, say): the status says what happened.
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    // Keeps the run bounded when the server saturates; a send that times out counts as an error
    // (and, if it was stored after all, is still checked for delivery).
    request.setTimeout(POST_TIMEOUT_MS, () => {
      const timeout = new Error(`no answer in ${POST_TIMEOUT_MS} ms`);
      timeout.name = 'TimeoutError';
      request.destroy(timeout);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** Every message of one conversation, oldest first, through the API's catch-up paging (`after`). */
async function listAll(pair: Pair): Promise<Message[]> {
  const all: Message[] = [];
  let after = 0;
  for (;;) {
    const res = await fetch(
      `${base}/user-conversations/${pair.conversationUuid}/messages?after=${after}&limit=100`,
      {
        headers: {
          accept: 'application/json',
          'site-key': siteKey,
          authorization: `Bearer ${pair.senderToken}`,
        },
      },
    );
    if (!res.ok) throw new Error(`listing ${pair.conversationUuid}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { data: Message[]; meta: { has_more: boolean } };
    all.push(...page.data);
    const last = page.data[page.data.length - 1];
    if (!page.meta.has_more || !last) return all;
    after = last.id;
  }
}

async function run(options: RunOptions): Promise<RunResult> {
  const warmupSends = Math.round(options.rate * options.warmupSeconds);
  const total = warmupSends + Math.round(options.rate * options.seconds);
  const sends: Sent[] = [];
  const postLatencies: number[] = [];
  const errors: Record<string, number> = {};
  let created = 0;
  let createdMeasured = 0;
  let retries = 0;
  let retriesDeduplicated = 0;
  let retryMismatches = 0;
  const inflight: Promise<void>[] = [];
  const fail = (key: string): void => {
    errors[key] = (errors[key] ?? 0) + 1;
  };

  const sendNew = (index: number, scheduled: number, measured: boolean): Sent => {
    const pair = pairs[index % pairs.length] as Pair;
    const sent: Sent = {
      pair,
      clientMsgId: randomUUID(),
      body: `bench message ${index}`,
      startedAt: scheduled,
      answered: false,
      measured,
    };
    sends.push(sent);
    inflight.push(
      post(pair, sent.clientMsgId, sent.body)
        .then(({ status, json }) => {
          if (status === 201 || status === 200) {
            if (status === 201) created += 1;
            if (status === 201 && measured) createdMeasured += 1;
            if (measured) postLatencies.push(performance.now() - scheduled);
            const id = json?.data?.id;
            if (typeof id === 'number') {
              if (sent.messageId !== undefined && sent.messageId !== id) retryMismatches += 1;
              sent.messageId ??= id;
            }
          } else fail(String(status));
        })
        .catch((error: unknown) => fail(error instanceof Error ? error.name : 'error'))
        .finally(() => {
          sent.answered = true;
        }),
    );
    return sent;
  };

  /** Re-posts an earlier send's client_msg_id: the API must answer with the original message. */
  const retry = (original: Sent): void => {
    retries += 1;
    inflight.push(
      post(original.pair, original.clientMsgId, original.body)
        .then(({ status, json }) => {
          if (status !== 200 && status !== 201) return fail(`retry ${status}`);
          // A retry racing its original may be the one that stores it.
          if (status === 201) created += 1;
          const id = json?.data?.id;
          if (typeof id !== 'number') return fail('retry without id');
          // Racing the original: whichever answer comes first sets the id the other must match.
          if (original.messageId === undefined) original.messageId = id;
          if (original.messageId === id) retriesDeduplicated += 1;
          else retryMismatches += 1;
        })
        .catch((error: unknown) => fail(error instanceof Error ? `retry ${error.name}` : 'retry error')),
    );
  };

  const started = performance.now();
  let due = 0;
  let retryKind = 0;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      const target = Math.min(total, Math.floor(((now - started) * options.rate) / 1000) + 1);
      while (due < target) {
        const scheduled = started + (due * 1000) / options.rate;
        const sent = sendNew(due, scheduled, due >= warmupSends);
        if (options.retryEvery > 0 && due % options.retryEvery === options.retryEvery - 1) {
          retryKind += 1;
          if (retryKind % 2 === 0) {
            // A retry racing the original (a client that timed out and sent again at once).
            retry(sent);
          } else {
            // A retry of a message already answered (a client that never saw the answer).
            const done = sends.findLast((s) => s.answered && s.messageId !== undefined);
            retry(done ?? sent);
          }
        }
        due += 1;
      }
      if (due >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inflight);
  const sendSeconds = (performance.now() - started) / 1000 - options.warmupSeconds;

  // Grace period: wait for every answered message's delivery, or until it runs out.
  const graceEnd = performance.now() + options.graceMs;
  const expected = sends.filter((s) => s.messageId !== undefined);
  while (performance.now() < graceEnd && expected.some((s) => !receivedAt.has(s.messageId as number))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // The database's view, through the API: every message of every benchmark conversation.
  const listed: Message[] = [];
  for (let i = 0; i < pairs.length; i += 10) {
    const pages = await Promise.all(pairs.slice(i, i + 10).map(listAll));
    for (const page of pages) listed.push(...page);
  }
  const byClientId = new Map<string, number>();
  for (const m of listed) byClientId.set(m.client_msg_id, (byClientId.get(m.client_msg_id) ?? 0) + 1);
  let storedTwice = 0;
  for (const n of byClientId.values()) storedTwice += n - 1;
  const lost = listed.filter((m) => !receivedAt.has(m.id)).length;

  const startedAtById = new Map<number, number>();
  for (const s of sends)
    if (s.messageId !== undefined && s.measured) startedAtById.set(s.messageId, s.startedAt);
  const delivery: number[] = [];
  for (const [id, at] of receivedAt) {
    const start = startedAtById.get(id);
    if (start !== undefined) delivery.push(at - start);
  }

  return {
    attempted: total,
    warmupSends,
    created,
    stored: listed.length,
    retries,
    retriesDeduplicated,
    lost,
    receivedTwice,
    storedTwice,
    retryMismatches,
    errors,
    delivery: percentiles(delivery),
    post: percentiles(postLatencies),
    throughput: createdMeasured / sendSeconds,
    sendSeconds,
  };
}

process.on('message', (message: DriverMessage) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message);
      return;
    case 'run':
      void run(message).then((result) => reply({ type: 'result', result }));
      return;
    case 'disconnect':
      for (const client of clients.splice(0)) client.disconnect();
      agent.destroy();
      reply({ type: 'closed' });
      return;
  }
});
