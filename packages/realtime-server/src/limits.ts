/** Per-node protection limits. Defaults follow Pusher's published limits where it has one. */
export interface Limits {
  /** Largest WebSocket frame a client may send; Pusher caps client events at 10 KB. */
  maxMessageBytes: number;
  /** Channels one socket may hold; stops a client from pinning memory with thousands of subscriptions. */
  maxSubscriptionsPerConnection: number;
  /** Open sockets on this node across all apps; beyond it clients are told to back off (4100). */
  maxConnections: number;
  /** Open sockets from one remote address; blunts connection floods from a single host. 0 disables. */
  maxConnectionsPerIp: number;
  /** Client (`client-`) events a socket may send per second (Pusher: 10). */
  clientEventsPerSecond: number;
  /** Seconds of silence after which the client should ping; sent in the handshake. */
  activityTimeoutSeconds: number;
  /** How long the server waits for any frame after its own ping before closing with 4201. */
  pongTimeoutMs: number;
  /** Users a presence channel may hold; the member list is sent to every joiner. */
  maxPresenceMembers: number;
  /** Size of a presence member's `user_info` once serialised (Pusher: 1 KB). */
  maxPresenceUserInfoBytes: number;
  /** Size of one published event's `data` through the HTTP API or `publish` (Pusher: 10 KB). */
  maxEventBytes: number;
  /** Channels one published event may target (Pusher: 100). */
  maxChannelsPerEvent: number;
  /** Events in one `batch_events` request (Pusher: 10). */
  maxBatchEvents: number;
  /** Request body size accepted by the HTTP API. */
  maxHttpBodyBytes: number;
  /** Bytes queued for a slow socket before it is dropped so it cannot grow memory without bound. */
  maxBufferedBytes: number;
}

export const defaultLimits: Limits = {
  maxMessageBytes: 10 * 1024,
  maxSubscriptionsPerConnection: 100,
  maxConnections: 50_000,
  maxConnectionsPerIp: 500,
  clientEventsPerSecond: 10,
  activityTimeoutSeconds: 30,
  pongTimeoutMs: 30_000,
  maxPresenceMembers: 10_000,
  maxPresenceUserInfoBytes: 1024,
  maxEventBytes: 10 * 1024,
  maxChannelsPerEvent: 100,
  maxBatchEvents: 10,
  maxHttpBodyBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
};

export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return { ...defaultLimits, ...overrides };
}
