import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { ChannelSubscriptions } from './channel-subscriptions';
import { clientAddress } from './client-address';
import { relayClientEvent } from './client-events';
import type { ChannelBroadcast, ClusterAdapter } from './cluster-adapter';
import type { Limits } from './limits';
import type { Logger } from './logger';
import {
  connectionEstablishedFrame,
  ErrorCode,
  errorFrame,
  eventFrame,
  parseClientMessage,
  pingFrame,
  pongFrame,
} from './protocol';
import { SignedInUsers } from './signed-in-users';
import { admissionRefusal } from './socket-admission';
import { type Connection, FrameSender, fieldOf, type RealtimeApp } from './socket-connection';
import { parseUrl, safeDecode } from './url-parts';

export type { RealtimeApp } from './socket-connection';

export interface GatewayOptions {
  apps: RealtimeApp[];
  allowedOrigins?: string[];
  limits: Limits;
  logger: Logger;
  adapter: ClusterAdapter;
}

const appPath = /^\/app\/([^/]+)\/?$/;

/**
 * The WebSocket half of the server: a socket's lifecycle (admission, liveness, close) and the
 * dispatch of its frames, and delivery to local sockets. Subscriptions live in
 * `channel-subscriptions.ts`, sign-in in `signed-in-users.ts`, whispers in `client-events.ts`.
 */
export class WebSocketGateway {
  readonly #wss: WebSocketServer;
  readonly #appsByKey: Map<string, RealtimeApp>;
  readonly #allowedOrigins: Set<string> | null;
  readonly #limits: Limits;
  readonly #logger: Logger;
  readonly #adapter: ClusterAdapter;
  readonly #frames: FrameSender;
  readonly #subscriptions: ChannelSubscriptions;
  readonly #users: SignedInUsers;
  readonly #connections = new Set<Connection>();
  readonly #connectionsPerIp = new Map<string, number>();
  /** Presence leaves still talking to the adapter; close() waits for them before the adapter goes. */
  readonly #pendingCleanups = new Set<Promise<unknown>>();
  readonly #heartbeat: NodeJS.Timeout;
  #closing = false;

  constructor(options: GatewayOptions) {
    this.#appsByKey = new Map(options.apps.map((app) => [app.key, app]));
    this.#allowedOrigins =
      options.allowedOrigins && options.allowedOrigins.length > 0 ? new Set(options.allowedOrigins) : null;
    this.#limits = options.limits;
    this.#logger = options.logger;
    this.#adapter = options.adapter;
    this.#frames = new FrameSender(this.#limits);
    this.#users = new SignedInUsers(this.#limits, this.#frames);
    this.#subscriptions = new ChannelSubscriptions(
      this.#limits,
      this.#logger,
      this.#adapter,
      this.#frames,
      (connection, userId) => this.#users.authorisedFor(connection, userId),
    );
    // Frames above the soft limit get an error reply; this hard cap only stops a client from making
    // the server buffer an arbitrarily large frame.
    this.#wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: this.#limits.maxMessageBytes * 4,
    });
    const activityMs = this.#limits.activityTimeoutSeconds * 1000;
    const sweepMs = Math.min(5000, Math.max(50, Math.min(activityMs, this.#limits.pongTimeoutMs) / 4));
    this.#heartbeat = setInterval(() => this.#checkLiveness(), sweepMs);
    this.#heartbeat.unref();
  }

  connectionCount(appId?: string): number {
    if (appId === undefined) return this.#connections.size;
    let count = 0;
    for (const connection of this.#connections) if (connection.app.id === appId) count += 1;
    return count;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = parseUrl(req.url);
    const match = url ? appPath.exec(url.pathname) : null;
    if (!url || !match) return false;
    if (this.#closing) {
      socket.destroy();
      return true;
    }
    const key = safeDecode(match[1] ?? '') ?? '';
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, req, key, url));
    return true;
  }

  /** Delivers one event to this node's subscribers; the frame is encoded once for all of them. */
  deliverLocal(message: ChannelBroadcast): void {
    const sockets = this.#subscriptions.subscribersOf(message.appId, message.channel);
    if (!sockets || sockets.size === 0) return;
    const frame = eventFrame(message.channel, message.event, message.data, message.userId);
    for (const connection of sockets) {
      if (connection.socketId !== message.exceptSocketId) this.#frames.send(connection, frame);
    }
  }

  /** Closes a user's sockets with 4009, so pusher-js does not reconnect them (logout, ban): those
   * signed in as the user and those holding a private subscription signed for that id. */
  terminateLocal(appId: string, userId: string): void {
    const sockets = this.#users.socketsOf(appId, userId);
    if (sockets) this.#dropAll(sockets, ErrorCode.Unauthorized, 'Connection terminated by the server');
  }

  /** Has every client reconnect now (4200), so it resubscribes and catches up what this node missed. */
  reconnectLocal(): void {
    this.#dropAll(this.#connections, ErrorCode.ServerClosing, 'Reconnect: events may have been missed');
  }

  #dropAll(sockets: Iterable<Connection>, code: number, message: string): void {
    for (const connection of [...sockets]) {
      this.#frames.send(connection, errorFrame(code, message));
      this.#frames.drop(connection, code, message);
    }
  }

  /** Tells every client to reconnect at once (4200), so they move to another node or the restarted one. */
  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#heartbeat);
    const closed = [...this.#connections].map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            connection.ws.terminate();
            resolve();
          }, 2000);
          connection.ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          this.#frames.send(connection, errorFrame(ErrorCode.ServerClosing, 'Server is shutting down'));
          connection.ws.close(ErrorCode.ServerClosing, 'Server closing');
        }),
    );
    await Promise.all(closed);
    await Promise.allSettled([...this.#pendingCleanups]);
    this.#wss.close();
  }

  #accept(ws: WebSocket, req: IncomingMessage, key: string, url: URL): void {
    const refuse = (code: number, message: string): void => {
      this.#logger.info(
        { code, reason: message, address: clientAddress(req), origin: req.headers.origin },
        'refused',
      );
      ws.send(errorFrame(code, message));
      ws.close(code, message);
    };
    const app = this.#appsByKey.get(key);
    const ip = clientAddress(req);
    const fromIp = this.#connectionsPerIp.get(ip) ?? 0;
    const refusal = admissionRefusal({
      closing: this.#closing,
      appFound: app !== undefined,
      key,
      origin: req.headers.origin,
      allowedOrigins: this.#allowedOrigins,
      protocol: Number(url.searchParams.get('protocol') ?? '7'),
      connections: this.#connections.size,
      maxConnections: this.#limits.maxConnections,
      fromIp,
      maxConnectionsPerIp: this.#limits.maxConnectionsPerIp,
    });
    if (refusal || !app) {
      refuse(refusal?.code ?? ErrorCode.UnknownApp, refusal?.message ?? 'Could not find app');
      return;
    }
    this.#connectionsPerIp.set(ip, fromIp + 1);

    const now = Date.now();
    const connection: Connection = {
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      app,
      ws,
      ip,
      channels: new Map(),
      lastSeen: now,
      pingSentAt: 0,
      clientEventWindowStart: now,
      clientEventsInWindow: 0,
    };
    this.#connections.add(connection);
    ws.on('message', (raw, isBinary) => this.#onFrame(connection, raw, isBinary));
    ws.on('error', (error) =>
      this.#logger.debug({ err: error, socketId: connection.socketId }, 'socket error'),
    );
    ws.once('close', () => this.#onClose(connection));
    ws.send(connectionEstablishedFrame(connection.socketId, this.#limits.activityTimeoutSeconds));
  }

  #onFrame(connection: Connection, raw: RawData, isBinary: boolean): void {
    connection.lastSeen = Date.now();
    connection.pingSentAt = 0;
    const size = Array.isArray(raw) ? raw.reduce((sum, part) => sum + part.length, 0) : raw.byteLength;
    if (size > this.#limits.maxMessageBytes) {
      this.#frames.send(
        connection,
        errorFrame(ErrorCode.Refused, `Message exceeds ${this.#limits.maxMessageBytes} bytes`),
      );
      return;
    }
    const message = isBinary ? null : parseClientMessage(raw.toString());
    if (!message) {
      this.#frames.send(
        connection,
        errorFrame(ErrorCode.ServerClosing, 'Invalid message format: expected JSON'),
      );
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        this.#frames.send(connection, pongFrame);
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.#track(this.#subscriptions.subscribe(connection, message));
        return;
      case 'pusher:signin':
        this.#users.signin(connection, message);
        return;
      case 'pusher:unsubscribe': {
        const channel = fieldOf(message.data, 'channel');
        if (typeof channel === 'string') this.#track(this.#subscriptions.unsubscribe(connection, channel));
        return;
      }
      default:
        // Unknown `pusher:` events are ignored, as Pusher does, so newer clients keep working.
        if (message.event.startsWith('client-')) {
          const relayed = relayClientEvent(connection, message, {
            limits: this.#limits,
            adapter: this.#adapter,
            frames: this.#frames,
          });
          if (relayed) this.#track(relayed);
        }
    }
  }

  #onClose(connection: Connection): void {
    this.#connections.delete(connection);
    const fromIp = (this.#connectionsPerIp.get(connection.ip) ?? 1) - 1;
    if (fromIp > 0) this.#connectionsPerIp.set(connection.ip, fromIp);
    else this.#connectionsPerIp.delete(connection.ip);
    this.#users.signOut(connection);
    for (const [channel, subscription] of connection.channels) {
      this.#subscriptions.unindex(connection, channel);
      this.#track(this.#subscriptions.leavePresence(connection, channel, subscription));
    }
    connection.channels.clear();
  }

  #checkLiveness(): void {
    const now = Date.now();
    const activityMs = this.#limits.activityTimeoutSeconds * 1000;
    for (const connection of this.#connections) {
      if (connection.pingSentAt === 0) {
        if (now - connection.lastSeen > activityMs) {
          connection.pingSentAt = now;
          this.#frames.send(connection, pingFrame);
        }
      } else if (now - connection.pingSentAt > this.#limits.pongTimeoutMs) {
        connection.pingSentAt = Number.POSITIVE_INFINITY;
        this.#frames.drop(connection, ErrorCode.PongTimeout, 'Pong reply not received');
      }
    }
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) =>
      this.#logger.error({ err: error }, 'realtime operation failed'),
    );
    this.#pendingCleanups.add(tracked);
    void tracked.finally(() => this.#pendingCleanups.delete(tracked));
  }
}
