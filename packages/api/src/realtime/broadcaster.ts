import { defaultLimits, type RealtimeServer } from '@ukd/realtime-server';
import {
  type BatchEvent,
  type PusherHttpTarget,
  signedRequest,
  terminateUserConnections,
  triggerBatch,
  triggerEvents,
} from '@ukd/realtime-server/pusher-http-client';

export interface BroadcastOptions {
  /** The sender's socket (`X-Socket-ID`), left out of the delivery: Laravel's `toOthers()`. */
  socketId?: string | undefined;
}

/**
 * The one way the API publishes realtime events (ARCHITECTURE "API and realtime"): in process
 * when the same Node process hosts the realtime server, through the signed Pusher HTTP API
 * otherwise, so this project's server, soketi or Pusher itself can carry the events.
 */
export interface Broadcaster {
  /** What carries the events, for logs and `/api/docs`: `in-process`, `pusher-http`, `none`. */
  readonly kind: 'in-process' | 'pusher-http' | 'none';
  publish(channels: string[], event: string, data: unknown, options?: BroadcastOptions): Promise<void>;
  /**
   * The distinct user ids in a presence channel (Pusher's `/users`); empty when nobody is in it.
   * The ids, not only their number, so "online now" on a profile and the online count are one
   * reading of one list.
   */
  presenceUserIds(channel: string): Promise<string[]>;
  /**
   * Closes the sockets of these user ids on every node (`terminate_connections`, 4009: no
   * reconnect); the API's ids are session tags (`session-socket.ts`). Absent: nothing to close.
   */
  terminateConnections?(userIds: string[]): Promise<void>;
}

/** Pusher refuses more than 100 channels in one trigger. */
const MAX_CHANNELS_PER_EVENT = 100;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The realtime server's own API, plus its presence counter when it offers one. */
type InProcessServer = Pick<RealtimeServer, 'publish' | 'presence'> & {
  terminateUserConnections?: (appId: string, userId: string) => Promise<void>;
};

/** Publishes straight into a realtime server running in this process (the embedded site). */
export function inProcessBroadcaster(server: InProcessServer, appId: string): Broadcaster {
  return {
    kind: 'in-process',
    async publish(channels, event, data, options = {}) {
      if (channels.length === 0) return;
      const publishOptions = options.socketId === undefined ? {} : { socketId: options.socketId };
      for (const group of chunks(channels, MAX_CHANNELS_PER_EVENT)) {
        await server.publish(appId, group, event, data, publishOptions);
      }
    },
    async presenceUserIds(channel) {
      return (await server.presence(appId, channel)).map((member) => member.user_id);
    },
    async terminateConnections(userIds) {
      await Promise.all(userIds.map((userId) => server.terminateUserConnections?.(appId, userId)));
    },
  };
}

/** Pusher's limits on `batch_events` (ten events, each's data at most 10 KB), as our server keeps them. */
const MAX_BATCH_EVENTS = defaultLimits.maxBatchEvents;
const MAX_BATCHED_DATA_BYTES = defaultLimits.maxEventBytes;

interface Queued {
  event: BatchEvent;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Events for one channel published in the same turn of the event loop travel together, up to ten
 * per `POST /apps/{id}/batch_events`: a send publishes two (`message.sent` and the recipient's
 * `notification.created`), and under load many sends share one request. One request per event
 * was a third of a send's writes (issue 16). Each publish settles with its batch; an event too
 * large for a batch travels alone, so it can only fail on its own.
 */
class EventBatches {
  #queue: Queued[] = [];
  #scheduled = false;

  constructor(private readonly target: PusherHttpTarget) {}

  add(channel: string, name: string, data: string, socketId: string | undefined): Promise<void> {
    const event: BatchEvent = { channel, name, data, ...(socketId === undefined ? {} : { socketId }) };
    return new Promise((resolve, reject) => {
      this.#queue.push({ event, resolve, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    this.#scheduled = false;
    const queued = this.#queue;
    this.#queue = [];
    for (const group of chunks(queued, MAX_BATCH_EVENTS)) {
      triggerBatch(
        this.target,
        group.map((q) => q.event),
      ).then(
        () => {
          for (const q of group) q.resolve();
        },
        (error: unknown) => {
          for (const q of group) q.reject(error);
        },
      );
    }
  }
}

/** Publishes through the signed Pusher HTTP API (`batch_events`, or `events` for several channels). */
export function pusherHttpBroadcaster(target: PusherHttpTarget): Broadcaster {
  const batches = new EventBatches(target);
  return {
    kind: 'pusher-http',
    async publish(channels, event, data, options = {}) {
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      const [channel] = channels;
      if (channels.length === 1 && channel && Buffer.byteLength(text) <= MAX_BATCHED_DATA_BYTES) {
        return batches.add(channel, event, text, options.socketId);
      }
      for (const group of chunks(channels, MAX_CHANNELS_PER_EVENT)) {
        await triggerEvents(target, group, event, text, options.socketId);
      }
    },
    async presenceUserIds(channel) {
      const result = await signedRequest(target, 'GET', `/channels/${encodeURIComponent(channel)}/users`);
      if (result.status !== 200) {
        throw new Error(`Pusher HTTP API answered ${result.status}: ${result.body.slice(0, 200)}`);
      }
      const body = JSON.parse(result.body) as { users?: Array<{ id?: unknown }> };
      return (body.users ?? []).flatMap((user) => (typeof user.id === 'string' ? [user.id] : []));
    },
    async terminateConnections(userIds) {
      await Promise.all(userIds.map((userId) => terminateUserConnections(target, userId)));
    },
  };
}

/** Publishes nowhere: an API without a realtime server (tests, tools). */
export const silentBroadcaster: Broadcaster = {
  kind: 'none',
  async publish() {},
  async presenceUserIds() {
    return [];
  },
};
