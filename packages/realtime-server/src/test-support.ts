import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import Pusher, { type Channel } from 'pusher-js';
import { WebSocket } from 'ws';
import { signChannel, signUser } from './channel-auth';
import { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './realtime-server';
import type { RealtimeApp } from './websocket-gateway';

export const testApp: RealtimeApp = { id: 'flirtlane', key: 'flirtlane-key', secret: 'flirtlane-secret' };

export interface TestNode {
  realtime: RealtimeServer;
  http: Server;
  port: number;
  stop(): Promise<void>;
}

/**
 * The realtime server mounted on a plain HTTP server, plus a tiny stand-in for the API's
 * `/broadcasting/auth`: it signs whatever channel it is asked for as `?user=` (presence) and signs
 * with a wrong secret when `?forge=1`, so tests exercise the server's signature check for real.
 */
export async function startNode(options: Partial<RealtimeServerOptions> = {}, port = 0): Promise<TestNode> {
  const realtime = await createRealtimeServer({ apps: [testApp], ...options });
  const http = createServer((req, res) => {
    if (req.url?.startsWith('/user-auth')) {
      void authenticateUser(req).then((body) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
      return;
    }
    if (req.url?.startsWith('/auth')) {
      void authorise(req).then((body) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
      return;
    }
    realtime.handleHttpApi(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      () => res.writeHead(500).end(),
    );
  });
  http.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  http.listen(port, '127.0.0.1');
  await once(http, 'listening');
  const actualPort = (http.address() as AddressInfo).port;
  return {
    realtime,
    http,
    port: actualPort,
    async stop() {
      await realtime.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Stand-in for the API's user authentication endpoint used by `pusher.signin()`. */
async function authenticateUser(req: IncomingMessage): Promise<{ auth: string; user_data: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const url = new URL(req.url ?? '/', 'http://localhost');
  const signer = url.searchParams.get('forge') ? { key: testApp.key, secret: 'not-the-secret' } : testApp;
  const userData = JSON.stringify({ id: url.searchParams.get('user') ?? 'anonymous' });
  return { auth: signUser(signer, form.get('socket_id') ?? '', userData), user_data: userData };
}

async function authorise(req: IncomingMessage): Promise<{ auth: string; channel_data?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const url = new URL(req.url ?? '/', 'http://localhost');
  const socketId = form.get('socket_id') ?? '';
  const channel = form.get('channel_name') ?? '';
  const signer = url.searchParams.get('forge') ? { key: testApp.key, secret: 'not-the-secret' } : testApp;
  if (channel.startsWith('presence-')) {
    const user = url.searchParams.get('user') ?? 'anonymous';
    const channelData = JSON.stringify({ user_id: user, user_info: { name: `Member ${user}` } });
    return { auth: signChannel(signer, socketId, channel, channelData), channel_data: channelData };
  }
  return { auth: signChannel(signer, socketId, channel) };
}

export function pusherClient(port: number, auth: { user?: string; forge?: boolean } = {}): Pusher {
  const query = new URLSearchParams();
  if (auth.user) query.set('user', auth.user);
  if (auth.forge) query.set('forge', '1');
  return new Pusher(testApp.key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { endpoint: `http://127.0.0.1:${port}/auth?${query}`, transport: 'ajax' },
    userAuthentication: { endpoint: `http://127.0.0.1:${port}/user-auth?${query}`, transport: 'ajax' },
  });
}

export function connected(pusher: Pusher): Promise<string> {
  return new Promise((resolve) => {
    if (pusher.connection.state === 'connected') return resolve(pusher.connection.socket_id);
    pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id));
  });
}

export function nextEvent<T = unknown>(channel: Channel, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${event} on ${channel.name}`)),
      timeoutMs,
    );
    const handler = (data: T): void => {
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

export function subscribed(channel: Channel): Promise<unknown> {
  return nextEvent(channel, 'pusher:subscription_succeeded');
}

/** Used only to show that something did NOT arrive, after a later event proved delivery is flowing. */
export async function quietPeriod(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export interface WireMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A bare protocol client for the cases a well-behaved library would never send. */
export class RawClient {
  readonly messages: WireMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #waiters = new Set<{ match: (m: WireMessage) => boolean; resolve: (m: WireMessage) => void }>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as WireMessage;
      if (typeof message.data === 'string') {
        try {
          message.data = JSON.parse(message.data);
        } catch {
          // plain string data
        }
      }
      this.messages.push(message);
      for (const waiter of this.#waiters) {
        if (waiter.match(message)) {
          this.#waiters.delete(waiter);
          waiter.resolve(message);
        }
      }
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** Opens a socket; unless `refused` is expected, waits for the handshake. */
  static async connect(
    port: number,
    options: { key?: string; origin?: string; forwardedFor?: string; refused?: boolean } = {},
  ): Promise<RawClient> {
    const headers: Record<string, string> = {};
    if (options.origin) headers.origin = options.origin;
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/app/${options.key ?? testApp.key}?protocol=7&client=js&version=8.6.0`,
      {
        headers,
      },
    );
    const client = new RawClient(ws);
    await once(ws, 'open');
    if (!options.refused) {
      const established = await client.nextEvent('pusher:connection_established');
      client.socketId = (established.data as { socket_id: string }).socket_id;
    }
    return client;
  }

  socketId = '';

  send(message: object | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(match: (m: WireMessage) => boolean, timeoutMs = 5000): Promise<WireMessage> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: WireMessage) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error('timed out waiting for a message'));
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  nextEvent(event: string, channel?: string): Promise<WireMessage> {
    return this.next((m) => m.event === event && (channel === undefined || m.channel === channel));
  }

  async subscribe(channel: string, userId?: string): Promise<WireMessage> {
    const data: Record<string, string> = { channel };
    if (channel.startsWith('presence-')) {
      const channelData = JSON.stringify({ user_id: userId ?? 'raw', user_info: {} });
      data.channel_data = channelData;
      data.auth = signChannel(testApp, this.socketId, channel, channelData);
    } else if (channel.startsWith('private-')) {
      data.auth = signChannel(testApp, this.socketId, channel);
    }
    this.send({ event: 'pusher:subscribe', data });
    return this.next(
      (m) =>
        m.channel === channel &&
        (m.event === 'pusher_internal:subscription_succeeded' || m.event === 'pusher:subscription_error'),
    );
  }

  close(): void {
    this.ws.close();
  }
}

/** Whether Redis answers a PING at `url` within a second (tests skip without it, and fail in CI). */
export async function redisReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Deletes every key under `prefix`: what a run left behind (a killed node's keys, an expiring heartbeat). */
export async function removeRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
