import type { RealtimeServer } from '@ukd/realtime-server';
import {
  type PusherHttpTarget,
  signedRequest,
  terminateUserConnections,
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

/** Publishes through the signed Pusher HTTP API (`POST /apps/{id}/events`). */
export function pusherHttpBroadcaster(target: PusherHttpTarget): Broadcaster {
  return {
    kind: 'pusher-http',
    async publish(channels, event, data, options = {}) {
      for (const group of chunks(channels, MAX_CHANNELS_PER_EVENT)) {
        await triggerEvents(target, group, event, data, options.socketId);
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
