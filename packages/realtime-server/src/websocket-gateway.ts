import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { verifyChannelAuth, verifyUserAuth } from './channel-auth';
import { clientAddress } from './client-address';
import type { ChannelBroadcast, ClusterAdapter } from './cluster-adapter';
import type { Limits } from './limits';
import type { Logger } from './logger';
import type { PresenceMember } from './presence-registry';
import {
  type ClientMessage,
  channelKind,
  connectionEstablishedFrame,
  ErrorCode,
  errorFrame,
  eventFrame,
  isValidChannelName,
  parseClientMessage,
  pingFrame,
  pongFrame,
  serialiseData,
  subscriptionErrorFrame,
  userChannelPrefix,
} from './protocol';
import { parseUrl, safeDecode } from './url-parts';

export interface RealtimeApp {
  id: string;
  key: string;
  secret: string;
}

interface Subscription {
  /** Set on presence channels: the user this socket joined as. */
  userId?: string;
}

interface Connection {
  readonly socketId: string;
  readonly app: RealtimeApp;
  readonly ws: WebSocket;
  readonly ip: string;
  readonly channels: Map<string, Subscription>;
  /** Set by `pusher:signin`; lets the server reach or disconnect every socket of one user. */
  userId?: string;
  lastSeen: number;
  /** When the server pinged a silent client; 0 when no answer is outstanding. */
  pingSentAt: number;
  clientEventWindowStart: number;
  clientEventsInWindow: number;
}

export interface GatewayOptions {
  apps: RealtimeApp[];
  allowedOrigins?: string[];
  limits: Limits;
  logger: Logger;
  adapter: ClusterAdapter;
}

const appPath = /^\/app\/([^/]+)\/?$/;

/** The WebSocket half of the server: the Pusher protocol per socket, and delivery to local sockets. */
export class WebSocketGateway {
  readonly #wss: WebSocketServer;
  readonly #appsByKey: Map<string, RealtimeApp>;
  readonly #allowedOrigins: Set<string> | null;
  readonly #limits: Limits;
  readonly #logger: Logger;
  readonly #adapter: ClusterAdapter;
  /** appId → channel → sockets subscribed on this node. */
  readonly #subscribers = new Map<string, Map<string, Set<Connection>>>();
  readonly #connections = new Set<Connection>();
  /** appId → signed-in user id → that user's sockets on this node. */
  readonly #users = new Map<string, Map<string, Set<Connection>>>();
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
    const sockets = this.#subscribers.get(message.appId)?.get(message.channel);
    if (!sockets || sockets.size === 0) return;
    const frame = eventFrame(message.channel, message.event, message.data, message.userId);
    for (const connection of sockets) {
      if (connection.socketId !== message.exceptSocketId) this.#send(connection, frame);
    }
  }

  /** Closes a signed-in user's sockets with 4009 so pusher-js does not reconnect them (logout, ban). */
  terminateLocal(appId: string, userId: string): void {
    const sockets = this.#users.get(appId)?.get(userId);
    if (!sockets) return;
    for (const connection of [...sockets]) {
      this.#send(connection, errorFrame(ErrorCode.Unauthorized, 'Connection terminated by the server'));
      this.#drop(connection, ErrorCode.Unauthorized, 'Connection terminated');
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
          this.#send(connection, errorFrame(ErrorCode.ServerClosing, 'Server is shutting down'));
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
    if (this.#closing) {
      // The upgrade began before close(); send it on like the others.
      refuse(ErrorCode.ServerClosing, 'Server is shutting down');
      return;
    }
    const app = this.#appsByKey.get(key);
    if (!app) {
      refuse(ErrorCode.UnknownApp, `Could not find app by key ${key.slice(0, 64)}`);
      return;
    }
    // Browsers always send Origin, so a foreign one is a cross-site page; clients without a browser
    // send none and are let through, since they could forge any value anyway.
    const origin = req.headers.origin;
    if (this.#allowedOrigins && origin !== undefined && !this.#allowedOrigins.has(origin)) {
      refuse(ErrorCode.Unauthorized, 'Origin not allowed');
      return;
    }
    const protocol = Number(url.searchParams.get('protocol') ?? '7');
    if (!(protocol >= 5 && protocol <= 7)) {
      refuse(ErrorCode.UnsupportedProtocol, 'Unsupported protocol version');
      return;
    }
    if (this.#connections.size >= this.#limits.maxConnections) {
      refuse(ErrorCode.OverCapacity, 'Over connection capacity');
      return;
    }
    const ip = clientAddress(req);
    const fromIp = this.#connectionsPerIp.get(ip) ?? 0;
    if (this.#limits.maxConnectionsPerIp > 0 && fromIp >= this.#limits.maxConnectionsPerIp) {
      refuse(ErrorCode.OverCapacity, 'Too many connections from this address');
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
      this.#send(
        connection,
        errorFrame(ErrorCode.Refused, `Message exceeds ${this.#limits.maxMessageBytes} bytes`),
      );
      return;
    }
    const message = isBinary ? null : parseClientMessage(raw.toString());
    if (!message) {
      this.#send(connection, errorFrame(ErrorCode.ServerClosing, 'Invalid message format: expected JSON'));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        this.#send(connection, pongFrame);
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.#track(this.#subscribe(connection, message));
        return;
      case 'pusher:signin':
        this.#signin(connection, message);
        return;
      case 'pusher:unsubscribe': {
        const channel = fieldOf(message.data, 'channel');
        if (typeof channel === 'string') this.#track(this.#unsubscribe(connection, channel));
        return;
      }
      default:
        // Unknown `pusher:` events are ignored, as Pusher does, so newer clients keep working.
        if (message.event.startsWith('client-')) this.#clientEvent(connection, message);
    }
  }

  async #subscribe(connection: Connection, message: ClientMessage): Promise<void> {
    const channel = fieldOf(message.data, 'channel');
    if (!isValidChannelName(channel)) {
      this.#send(connection, errorFrame(null, 'Invalid channel name'));
      return;
    }
    const refuse = (type: string, error: string, status: number): void =>
      this.#send(connection, subscriptionErrorFrame(channel, type, error, status));
    const kind = channelKind(channel);
    const existing = connection.channels.get(channel);
    if (existing) {
      // A repeated subscribe (e.g. a client retrying) is answered again, without a second join.
      await this.#confirm(connection, channel, existing);
      return;
    }
    if (connection.channels.size >= this.#limits.maxSubscriptionsPerConnection) {
      refuse(
        'LimitReached',
        `At most ${this.#limits.maxSubscriptionsPerConnection} channels per connection`,
        429,
      );
      return;
    }
    if (kind === 'user') {
      // Only the signed-in user may listen on their own server-to-user channel.
      if (connection.userId === undefined || channel !== `${userChannelPrefix}${connection.userId}`) {
        refuse('AuthError', 'Sign in as this user first', 401);
        return;
      }
    }
    let member: PresenceMember | undefined;
    if (kind === 'private' || kind === 'presence') {
      const auth = fieldOf(message.data, 'auth');
      const channelData = fieldOf(message.data, 'channel_data');
      const signedData = kind === 'presence' && typeof channelData === 'string' ? channelData : undefined;
      if (!verifyChannelAuth(connection.app, connection.socketId, channel, auth, signedData)) {
        refuse('AuthError', 'Invalid signature: the connection is not authorised for this channel', 401);
        return;
      }
      if (kind === 'presence') {
        member = parsePresenceMember(signedData, this.#limits.maxPresenceUserInfoBytes);
        if (!member) {
          refuse('AuthError', 'Presence channel_data must carry a user_id', 400);
          return;
        }
      }
    }
    const subscription: Subscription = member ? { userId: member.user_id } : {};
    connection.channels.set(channel, subscription);
    this.#index(connection, channel);
    if (!member) {
      await this.#confirm(connection, channel, subscription);
      return;
    }
    let first: boolean;
    let members: PresenceMember[];
    try {
      // The join is recorded before the socket could close, so #onClose's leave always follows it.
      first = await this.#adapter.presenceJoin(connection.app.id, channel, connection.socketId, member);
      members = await this.#adapter.presenceMembers(connection.app.id, channel);
    } catch (error) {
      // Redis unreachable: answer the client rather than leave its subscription pending forever.
      this.#logger.error({ err: String(error), channel }, 'presence join failed');
      if (connection.channels.get(channel) === subscription) {
        connection.channels.delete(channel);
        this.#unindex(connection, channel);
        // The join may have been recorded before the failure; undo it if Redis still listens.
        this.#adapter.presenceLeave(connection.app.id, channel, connection.socketId).catch(() => {});
      }
      refuse('ServerError', 'Presence is unavailable, try again', 503);
      return;
    }
    if (connection.channels.get(channel) !== subscription) return;
    if (first && members.length > this.#limits.maxPresenceMembers) {
      // Never announced, so it leaves without a member_removed.
      connection.channels.delete(channel);
      this.#unindex(connection, channel);
      await this.#adapter.presenceLeave(connection.app.id, channel, connection.socketId);
      refuse('LimitReached', 'Presence channel is full', 429);
      return;
    }
    await this.#confirm(connection, channel, subscription, members);
    if (first) {
      // Once confirmed the member stays subscribed; a failed announcement is only logged (via #track).
      await this.#adapter.broadcast({
        appId: connection.app.id,
        channel,
        event: 'pusher_internal:member_added',
        data: JSON.stringify(member),
        exceptSocketId: connection.socketId,
      });
    }
  }

  async #confirm(
    connection: Connection,
    channel: string,
    subscription: Subscription,
    known?: PresenceMember[],
  ): Promise<void> {
    let data = '{}';
    if (subscription.userId !== undefined) {
      const members = known ?? (await this.#adapter.presenceMembers(connection.app.id, channel));
      const hash: Record<string, unknown> = {};
      for (const member of members) hash[member.user_id] = member.user_info ?? null;
      data = JSON.stringify({
        presence: { ids: members.map((m) => m.user_id), hash, count: members.length },
      });
    }
    this.#send(
      connection,
      JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data }),
    );
  }

  async #unsubscribe(connection: Connection, channel: string): Promise<void> {
    const subscription = connection.channels.get(channel);
    if (!subscription) return;
    connection.channels.delete(channel);
    this.#unindex(connection, channel);
    await this.#leavePresence(connection, channel, subscription);
  }

  async #leavePresence(connection: Connection, channel: string, subscription: Subscription): Promise<void> {
    if (subscription.userId === undefined) return;
    const lastUserId = await this.#adapter.presenceLeave(connection.app.id, channel, connection.socketId);
    if (lastUserId !== null) {
      await this.#adapter.broadcast({
        appId: connection.app.id,
        channel,
        event: 'pusher_internal:member_removed',
        data: JSON.stringify({ user_id: lastUserId }),
      });
    }
  }

  #signin(connection: Connection, message: ClientMessage): void {
    const auth = fieldOf(message.data, 'auth');
    const userData = fieldOf(message.data, 'user_data');
    let userId: unknown;
    if (typeof userData === 'string' && userData.length <= this.#limits.maxPresenceUserInfoBytes * 4) {
      try {
        userId = fieldOf(JSON.parse(userData), 'id');
      } catch {
        userId = undefined;
      }
    }
    if (
      typeof userData !== 'string' ||
      typeof userId !== 'string' ||
      userId.length === 0 ||
      !isValidChannelName(`${userChannelPrefix}${userId}`) ||
      !verifyUserAuth(connection.app, connection.socketId, auth, userData)
    ) {
      this.#send(
        connection,
        errorFrame(ErrorCode.Unauthorized, 'Invalid signin: bad signature or user_data without id'),
      );
      return;
    }
    if (connection.userId !== undefined && connection.userId !== userId) {
      this.#send(
        connection,
        errorFrame(ErrorCode.Unauthorized, 'This connection is signed in as another user'),
      );
      return;
    }
    if (connection.userId === undefined) {
      connection.userId = userId;
      let users = this.#users.get(connection.app.id);
      if (!users) {
        users = new Map();
        this.#users.set(connection.app.id, users);
      }
      let sockets = users.get(userId);
      if (!sockets) {
        sockets = new Set();
        users.set(userId, sockets);
      }
      sockets.add(connection);
    }
    this.#send(
      connection,
      JSON.stringify({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) }),
    );
  }

  #clientEvent(connection: Connection, message: ClientMessage): void {
    const channel = message.channel;
    const refuse = (code: number, text: string): void => this.#send(connection, errorFrame(code, text));
    const kind = typeof channel === 'string' ? channelKind(channel) : 'public';
    if (typeof channel !== 'string' || (kind !== 'private' && kind !== 'presence')) {
      refuse(ErrorCode.Refused, 'Client events are only allowed on private and presence channels');
      return;
    }
    const subscription = connection.channels.get(channel);
    if (!subscription) {
      refuse(ErrorCode.Refused, 'Client events need a subscription to the channel');
      return;
    }
    if (message.event.length > 200) {
      refuse(ErrorCode.Refused, 'Event name too long');
      return;
    }
    const now = Date.now();
    if (now - connection.clientEventWindowStart >= 1000) {
      connection.clientEventWindowStart = now;
      connection.clientEventsInWindow = 0;
    }
    connection.clientEventsInWindow += 1;
    if (connection.clientEventsInWindow > this.#limits.clientEventsPerSecond) {
      refuse(ErrorCode.RateLimited, 'Client event rejected due to rate limit');
      return;
    }
    const broadcast: ChannelBroadcast = {
      appId: connection.app.id,
      channel,
      event: message.event,
      data: serialiseData(message.data),
      exceptSocketId: connection.socketId,
    };
    if (subscription.userId !== undefined) broadcast.userId = subscription.userId;
    this.#track(this.#adapter.broadcast(broadcast));
  }

  #onClose(connection: Connection): void {
    this.#connections.delete(connection);
    const fromIp = (this.#connectionsPerIp.get(connection.ip) ?? 1) - 1;
    if (fromIp > 0) this.#connectionsPerIp.set(connection.ip, fromIp);
    else this.#connectionsPerIp.delete(connection.ip);
    if (connection.userId !== undefined) {
      const users = this.#users.get(connection.app.id);
      const sockets = users?.get(connection.userId);
      sockets?.delete(connection);
      if (users && sockets?.size === 0) users.delete(connection.userId);
    }
    for (const [channel, subscription] of connection.channels) {
      this.#unindex(connection, channel);
      this.#track(this.#leavePresence(connection, channel, subscription));
    }
    connection.channels.clear();
  }

  #index(connection: Connection, channel: string): void {
    let channels = this.#subscribers.get(connection.app.id);
    if (!channels) {
      channels = new Map();
      this.#subscribers.set(connection.app.id, channels);
    }
    let sockets = channels.get(channel);
    if (!sockets) {
      sockets = new Set();
      channels.set(channel, sockets);
    }
    sockets.add(connection);
    this.#adapter.setLocalSubscriptionCount(connection.app.id, channel, sockets.size);
  }

  #unindex(connection: Connection, channel: string): void {
    const channels = this.#subscribers.get(connection.app.id);
    const sockets = channels?.get(channel);
    if (!channels || !sockets?.delete(connection)) return;
    if (sockets.size === 0) channels.delete(channel);
    this.#adapter.setLocalSubscriptionCount(connection.app.id, channel, sockets.size);
  }

  #send(connection: Connection, frame: string): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    // A client that stops reading would otherwise make the server queue its events forever.
    if (ws.bufferedAmount > this.#limits.maxBufferedBytes) {
      this.#drop(connection, ErrorCode.OverCapacity, 'Client is not reading fast enough');
      return;
    }
    ws.send(frame);
  }

  /** Closes with a code, then cuts the socket if the client cannot complete the close handshake. */
  #drop(connection: Connection, code: number, reason: string): void {
    connection.ws.close(code, reason);
    // A half-open or non-reading socket never answers the close frame; don't keep it for TCP's timeouts.
    setTimeout(() => connection.ws.terminate(), 1000).unref();
  }

  #checkLiveness(): void {
    const now = Date.now();
    const activityMs = this.#limits.activityTimeoutSeconds * 1000;
    for (const connection of this.#connections) {
      if (connection.pingSentAt === 0) {
        if (now - connection.lastSeen > activityMs) {
          connection.pingSentAt = now;
          this.#send(connection, pingFrame);
        }
      } else if (now - connection.pingSentAt > this.#limits.pongTimeoutMs) {
        connection.pingSentAt = Number.POSITIVE_INFINITY;
        this.#drop(connection, ErrorCode.PongTimeout, 'Pong reply not received');
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

function fieldOf(data: unknown, field: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
}

function parsePresenceMember(
  channelData: string | undefined,
  maxInfoBytes: number,
): PresenceMember | undefined {
  if (channelData === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return undefined;
  }
  const userId = fieldOf(parsed, 'user_id');
  if (typeof userId !== 'string' && typeof userId !== 'number') return undefined;
  if (String(userId).length === 0 || String(userId).length > 128) return undefined;
  const info = fieldOf(parsed, 'user_info');
  if (info !== undefined && JSON.stringify(info).length > maxInfoBytes) return undefined;
  return info === undefined ? { user_id: String(userId) } : { user_id: String(userId), user_info: info };
}
