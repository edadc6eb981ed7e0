/** Messages between the benchmark driver (the backend's process) and its client process. */
import { percentile } from '@ukd/bench-api/src/load-results';

/** One member pair: the sender posts into the conversation, the recipient's pusher-js client listens. */
export interface Pair {
  conversationUuid: string;
  senderToken: string;
  recipientToken: string;
}

export interface RunOptions {
  rate: number;
  seconds: number;
  /** Seconds of sends at the same rate before the measured ones: checked, not timed. */
  warmupSeconds: number;
  /** Every `retryEvery`-th send also re-posts a client_msg_id already used (0: none). */
  retryEvery: number;
  /** How long to wait for outstanding deliveries once every POST has answered. */
  graceMs: number;
}

export type DriverMessage =
  | { type: 'connect'; port: number; appKey: string; siteKey: string; pairs: Pair[] }
  | ({ type: 'run' } & RunOptions)
  | { type: 'disconnect' };

export interface RunResult {
  /** New messages posted (each with its own client_msg_id), the warm-up's included. */
  attempted: number;
  /** Of `attempted`, those sent during the warm-up (their latencies are not counted). */
  warmupSends: number;
  /** Answered 201 (by the original or, when it raced ahead, by its retry). */
  created: number;
  /** Messages the API lists in the benchmark's conversations (the database's view). */
  stored: number;
  /** Re-posts of an already used client_msg_id. */
  retries: number;
  /** Retries answered 200 or 201 with the original message's id. */
  retriesDeduplicated: number;
  /** Stored messages no recipient client received within the grace period. */
  lost: number;
  /** Deliveries of a message the client had already received. */
  receivedTwice: number;
  /** client_msg_ids stored more than once (one extra per duplicate row). */
  storedTwice: number;
  /** Retries answered with another message than the original. */
  retryMismatches: number;
  /** Failed sends and retries by status (or error name). */
  errors: Record<string, number>;
  /** POST start (its scheduled time) to the recipient's `message.sent`, ms. */
  delivery: Percentiles;
  /** POST start to the answer, ms, for new messages answered 2xx. */
  post: Percentiles;
  /** Sends per second actually achieved after the warm-up (new messages, 201). */
  throughput: number;
  sendSeconds: number;
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export type WorkerMessage =
  | { type: 'ready'; connectMs: number; subscribed: number; failed: string[] }
  | { type: 'result'; result: RunResult }
  | { type: 'closed' };

export function percentiles(values: number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => percentile(sorted, p);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}
