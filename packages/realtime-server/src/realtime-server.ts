import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ClusterAdapter, InProcessAdapter } from './cluster-adapter';
import { handleHttpApi } from './http-api';
import { type Limits, resolveLimits } from './limits';
import { type Logger, silentLogger } from './logger';
import type { PresenceMember } from './presence-registry';
import { isValidChannelName, serialiseData } from './protocol';
import { PublishError, validatePublish } from './publish-validation';
import { RedisAdapter } from './redis-adapter';
import { type RealtimeApp, WebSocketGateway } from './websocket-gateway';

export interface RealtimeServerOptions {
  apps: RealtimeApp[];
  /** Browser origins allowed to open a socket; empty or absent allows any. */
  allowedOrigins?: string[];
  /** Joins this node to the others on the same Redis; absent means a single in-process node. */
  redisUrl?: string;
  /** Namespace for Redis keys and pub/sub channels, so several clusters can share one Redis. */
  redisKeyPrefix?: string;
  /** How often this node tells the others it is alive; a node silent for 3 beats has its presence removed. */
  redisHeartbeatMs?: number;
  limits?: Partial<Limits>;
  logger?: Logger;
}

export interface PublishOptions {
  /** The sender's socket, which does not receive the event (Laravel's `toOthers()`). */
  socketId?: string;
}

export interface RealtimeServer {
  /** @returns true if the path was `/app/{key}` and the server took the socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** @returns true if it handled `/apps/{id}/...`. */
  handleHttpApi(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** In-process trigger; the same validation and fan-out as `POST /apps/{id}/events`. */
  publish(
    appId: string,
    channels: string[],
    event: string,
    data: unknown,
    options?: PublishOptions,
  ): Promise<void>;
  /** Members of a presence channel across the cluster, for "who is online". */
  presence(appId: string, channel: string): Promise<PresenceMember[]>;
  /** How many users are in a presence channel, across nodes, without reading the member list. */
  presenceCount(appId: string, channel: string): Promise<number>;
  /**
   * Closes every socket of a user signed in with `pusher:signin`, or holding a private subscription
   * signed for that id (channel_data), on every node (4009: no reconnect).
   */
  terminateUserConnections(appId: string, userId: string): Promise<void>;
  /** Sockets open on this node. */
  connectionCount(appId?: string): number;
  /** Sends 4200 to clients so they reconnect, then releases Redis. */
  close(): Promise<void>;
}

export async function createRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  if (options.apps.length === 0) throw new Error('createRealtimeServer needs at least one app');
  const limits = resolveLimits(options.limits);
  const logger = options.logger ?? silentLogger;
  const appsById = new Map(options.apps.map((app) => [app.id, app]));
  const adapter: ClusterAdapter = options.redisUrl
    ? new RedisAdapter({
        url: options.redisUrl,
        keyPrefix: options.redisKeyPrefix,
        heartbeatMs: options.redisHeartbeatMs,
        logger,
      })
    : new InProcessAdapter();
  const gateway = new WebSocketGateway({
    apps: options.apps,
    allowedOrigins: options.allowedOrigins,
    limits,
    logger,
    adapter,
  });
  await adapter.start(
    (message) => gateway.deliverLocal(message),
    (appId, userId) => gateway.terminateLocal(appId, userId),
    () => gateway.reconnectLocal(),
  );

  const publish = async (
    appId: string,
    channels: string[],
    event: string,
    data: unknown,
    socketId?: string,
  ): Promise<void> => {
    if (!appsById.has(appId)) throw new PublishError(404, `Unknown app ${appId}`);
    const payload = serialiseData(data);
    validatePublish(limits, channels, event, payload, socketId);
    await Promise.all(
      channels.map((channel) =>
        adapter.broadcast(
          socketId === undefined
            ? { appId, channel, event, data: payload }
            : { appId, channel, event, data: payload, exceptSocketId: socketId },
        ),
      ),
    );
  };

  let closed: Promise<void> | undefined;
  return {
    handleUpgrade: (req, socket, head) => gateway.handleUpgrade(req, socket, head),
    handleHttpApi: (req, res) => handleHttpApi({ appsById, limits, adapter, publish }, req, res),
    publish: (appId, channels, event, data, publishOptions) =>
      publish(appId, channels, event, data, publishOptions?.socketId),
    presence: async (appId, channel) => {
      if (!isValidChannelName(channel)) throw new PublishError(400, 'Invalid channel name');
      return adapter.presenceMembers(appId, channel);
    },
    presenceCount: async (appId, channel) => {
      if (!isValidChannelName(channel)) throw new PublishError(400, 'Invalid channel name');
      return adapter.presenceCount(appId, channel);
    },
    connectionCount: (appId) => gateway.connectionCount(appId),
    terminateUserConnections: (appId, userId) => {
      if (!appsById.has(appId)) return Promise.reject(new PublishError(404, `Unknown app ${appId}`));
      return adapter.terminateUser(appId, userId);
    },
    close: () => {
      closed ??= gateway.close().then(() => adapter.close());
      return closed;
    },
  };
}
