// Members who keep sending while a fault happens, as the chat client does: every message has its
// own client_msg_id, and a send that was not acknowledged (cut connection, timeout, 5xx) is
// retried with the same id until the API acknowledges it (ledger-check.ts then compares what
// was acknowledged with what the database holds).
import { randomUUID } from 'node:crypto';
import { CAPTCHA } from '@ukd/contracts/api/constants';
import { openDatabase } from '../db/database';
import { appendCredits } from '../messaging/credit-ledger';
import { DEFAULT_SITE } from '../options';

export interface Answer {
  /** HTTP status, or 0 when no answer came (refused, reset, timed out). */
  status: number;
  ms: number;
  json: { data?: unknown; message?: string; meta?: Record<string, unknown> } | null;
}

/** One HTTP call to the API; never throws (a transport failure answers status 0). */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'site-key': DEFAULT_SITE.key,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      // Far above the API's own database timeout: a request still open then is a hang.
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const json = (await res.json().catch(() => null)) as Answer['json'];
    return { status: res.status, ms: Date.now() - started, json };
  } catch {
    return { status: 0, ms: Date.now() - started, json: null };
  }
}

/** The `data` of a successful answer (the suite's own setup calls, which must succeed). */
export function dataOf<T>(answer: Answer): T {
  if (answer.json?.data === undefined) throw new Error(`no data in the answer (${answer.status})`);
  return answer.json.data as T;
}

export interface Member {
  uuid: string;
  token: string;
}

export interface Pair {
  sender: Member & { id: number };
  recipient: Member;
  conversationUuid: string;
}

let tagCounter = 0;
async function register(base: string): Promise<Member> {
  tagCounter += 1;
  const tag = `${Date.now().toString(36)}${tagCounter}`;
  const reg = await call(base, 'POST', '/register', {
    body: {
      username: `fault_${tag}`,
      email: `fault-${tag}@example.com`,
      password: 'Fault-Suite-2026!',
      password_confirmation: 'Fault-Suite-2026!',
      gender: tagCounter % 2 ? 'female' : 'male',
      date_of_birth: '1990-01-01',
      city: 'Leeds',
      terms: true,
      captcha: CAPTCHA.testToken,
    },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const token = dataOf<{ access_token: string }>(reg).access_token;
  const me = await call(base, 'POST', '/me', { token });
  if (me.status !== 200) throw new Error(`/me: ${me.status}`);
  return { uuid: dataOf<{ uuid: string }>(me).uuid, token };
}

/** `count` sender → recipient pairs, each with a conversation and `credits` granted through the ledger. */
export async function makePairs(base: string, databaseUrl: string, count: number, credits: number) {
  const database = await openDatabase({ dataDir: '', databaseUrl });
  try {
    const pairs: Pair[] = [];
    for (let i = 0; i < count; i += 1) {
      const sender = await register(base);
      const recipient = await register(base);
      const conversation = await call(base, 'POST', '/user-conversations', {
        body: { recipient_uuid: recipient.uuid },
        token: sender.token,
      });
      if (conversation.status !== 201) throw new Error(`conversation: ${conversation.status}`);
      const { uuid, initiator_id: id } = dataOf<{ uuid: string; initiator_id: number }>(conversation);
      const entry = await appendCredits(database.db, { userId: id, delta: credits, reason: 'promotion' });
      if (!entry) throw new Error('credits refused');
      pairs.push({ sender: { ...sender, id }, recipient, conversationUuid: uuid });
    }
    return pairs;
  } finally {
    await database.close();
  }
}

export interface Acknowledged {
  clientMsgId: string;
  messageId: number;
  /** Wall-clock time of the acknowledgement. */
  at: number;
}

/** Sends one message after another until stopped; each is retried with its client_msg_id until acknowledged. */
export class Sender {
  readonly acknowledged: Acknowledged[] = [];
  /** Every answer that was not an acknowledgement, by status (0: no answer). */
  readonly failures = new Map<number, number>();
  /** The slowest answer of each status, to show no request hung. */
  readonly slowest = new Map<number, number>();
  /** Retries the API answered with the original message (200): the cut send had been stored. */
  foundOnRetry = 0;
  /** True while a POST is on its way or awaiting its answer. */
  inFlight = false;
  #stopping = false;
  #aborted = false;
  #done: Promise<void> | null = null;

  constructor(
    readonly base: () => string,
    readonly pair: Pair,
    readonly deadlineMs: number,
  ) {}

  start(): this {
    this.#done = this.#run();
    // Kept for stop(), which rethrows; handled here so a failure before then is not unhandled.
    this.#done.catch(() => {});
    return this;
  }

  /** Finishes the message in flight (acknowledged, however many retries that takes) and stops. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#done;
  }

  /** Stops at once, the message in flight unacknowledged (a failed test must not wait for it). */
  abort(): void {
    this.#stopping = true;
    this.#aborted = true;
  }

  acknowledgedSince(time: number): number {
    return this.acknowledged.filter((a) => a.at >= time).length;
  }

  failuresSince(status: number): number {
    return this.failures.get(status) ?? 0;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      const clientMsgId = randomUUID();
      const deadline = Date.now() + this.deadlineMs;
      for (;;) {
        if (this.#aborted) return;
        if (Date.now() > deadline) throw new Error(`send ${clientMsgId} was never acknowledged`);
        this.inFlight = true;
        const answer = await call(
          this.base(),
          'POST',
          `/user-conversations/${this.pair.conversationUuid}/messages`,
          {
            token: this.pair.sender.token,
            body: { client_msg_id: clientMsgId, type: 'text', body: `fault test ${clientMsgId}` },
          },
        );
        this.inFlight = false;
        this.slowest.set(answer.status, Math.max(this.slowest.get(answer.status) ?? 0, answer.ms));
        if (answer.status === 201 || answer.status === 200) {
          const message = answer.json?.data as { id: number; client_msg_id: string };
          if (message.client_msg_id !== clientMsgId) throw new Error('answered with another message');
          this.acknowledged.push({ clientMsgId, messageId: message.id, at: Date.now() });
          if (answer.status === 200) this.foundOnRetry += 1;
          break;
        }
        this.failures.set(answer.status, (this.failures.get(answer.status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

/** Each sender's acknowledgements and failed attempts by status (0: no answer), for messages. */
export function tally(senders: Sender[]): string {
  return senders
    .map(
      (s) =>
        `${s.acknowledged.length} acknowledged, failed ${JSON.stringify(Object.fromEntries(s.failures))}`,
    )
    .join('; ');
}

/**
 * Runs `scenario` while the senders send, then lets each finish its message in flight. When the
 * scenario fails, the senders are aborted and the error says how far each had got.
 */
export async function whileSending(
  senders: Sender[],
  log: () => string,
  scenario: () => Promise<void>,
): Promise<void> {
  try {
    await scenario();
  } catch (error) {
    for (const sender of senders) sender.abort();
    await Promise.allSettled(senders.map((s) => s.stop()));
    if (error instanceof Error)
      error.message += `\nsenders: ${tally(senders)}\nAPI log:\n${log().slice(-4000)}`;
    throw error;
  }
  await Promise.all(senders.map((s) => s.stop()));
}

/** Waits until `check` holds, polling every 50 ms; throws `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
