/** Messages between the benchmark driver and its client process. */
export type DriverMessage =
  | {
      type: 'connect';
      port: number;
      key: string;
      secret: string;
      clients: number;
      members: number;
    }
  | { type: 'reset' }
  | { type: 'stats' }
  | { type: 'disconnect' };

export interface DeliveryStats {
  received: number;
  p50: number;
  p99: number;
  max: number;
}

export type WorkerMessage =
  | { type: 'ready'; connectMs: number; failed: number }
  | { type: 'progress'; received: number }
  | ({ type: 'stats' } & DeliveryStats)
  | { type: 'closed' };

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one host. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Channel of client `index`: `members` consecutive clients share one private channel, like a conversation. */
export function channelOf(index: number, members: number): string {
  return `private-bench.conversation.${Math.floor(index / members)}`;
}

export const benchEvent = 'bench.message';
