import { WebSocket } from 'ws';
import type { Limits } from './limits';
import { ErrorCode } from './protocol';

export interface RealtimeApp {
  id: string;
  key: string;
  secret: string;
}

export interface Subscription {
  /** Set on presence channels: the user this socket joined as. */
  userId?: string;
  /** User ids its private subscriptions were signed for (channel_data); terminate reaches them too. */
  authorisedFor?: Set<string>;
}

/** One client socket and what the protocol remembers about it. */
export interface Connection {
  readonly socketId: string;
  readonly app: RealtimeApp;
  readonly ws: WebSocket;
  readonly ip: string;
  readonly channels: Map<string, Subscription>;
  /** Set by `pusher:signin`; lets the server reach or disconnect every socket of one user. */
  userId?: string;
  /** User ids its private subscriptions were signed for (channel_data); terminate reaches them too. */
  authorisedFor?: Set<string>;
  lastSeen: number;
  /** When the server pinged a silent client; 0 when no answer is outstanding. */
  pingSentAt: number;
  clientEventWindowStart: number;
  clientEventsInWindow: number;
}

/** A field of a client message's `data` object (undefined when `data` is not an object). */
export function fieldOf(data: unknown, field: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
}

/** Writes frames to sockets, and drops a socket that stops reading. */
export class FrameSender {
  constructor(private readonly limits: Pick<Limits, 'maxBufferedBytes'>) {}

  send(connection: Connection, frame: string): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    // A client that stops reading would otherwise make the server queue its events forever.
    if (ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.drop(connection, ErrorCode.OverCapacity, 'Client is not reading fast enough');
      return;
    }
    ws.send(frame);
  }

  /** Closes with a code, then cuts the socket if the client cannot complete the close handshake. */
  drop(connection: Connection, code: number, reason: string): void {
    connection.ws.close(code, reason);
    // A half-open or non-reading socket never answers the close frame; don't keep it for TCP's timeouts.
    setTimeout(() => connection.ws.terminate(), 1000).unref();
  }
}

/** appId → key → this node's sockets: who is subscribed to a channel, or signed in as a user. */
export class SocketsByKey {
  readonly #byApp = new Map<string, Map<string, Set<Connection>>>();

  get(appId: string, key: string): Set<Connection> | undefined {
    return this.#byApp.get(appId)?.get(key);
  }

  /** Adds a socket; answers how many sockets the key has now. */
  add(connection: Connection, key: string): number {
    let keys = this.#byApp.get(connection.app.id);
    if (!keys) {
      keys = new Map();
      this.#byApp.set(connection.app.id, keys);
    }
    let sockets = keys.get(key);
    if (!sockets) {
      sockets = new Set();
      keys.set(key, sockets);
    }
    sockets.add(connection);
    return sockets.size;
  }

  /** Removes a socket; answers how many sockets the key has left, or null when it was not there. */
  remove(connection: Connection, key: string): number | null {
    const keys = this.#byApp.get(connection.app.id);
    const sockets = keys?.get(key);
    if (!keys || !sockets?.delete(connection)) return null;
    if (sockets.size === 0) keys.delete(key);
    return sockets.size;
  }
}
