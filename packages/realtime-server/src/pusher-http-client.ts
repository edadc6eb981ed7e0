import { request } from 'node:http';
import { md5Hex, signRequest } from './http-signature';

export interface PusherHttpTarget {
  host: string;
  port: number;
  appId: string;
  key: string;
  secret: string;
  /** Defaults to false; set for Pusher itself or a TLS-terminated soketi. */
  useTls?: boolean;
}

export interface PusherHttpResult {
  status: number;
  body: string;
}

/**
 * Sends a signed Pusher HTTP API request. Works against this server, soketi or Pusher, which is
 * why the API's broadcaster uses it rather than calling the server in process.
 */
export async function signedRequest(
  target: PusherHttpTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  extraQuery: Record<string, string> = {},
): Promise<PusherHttpResult> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const params: Record<string, string> = {
    ...extraQuery,
    auth_key: target.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
  };
  if (payload !== '') params.body_md5 = md5Hex(payload);
  const fullPath = `/apps/${encodeURIComponent(target.appId)}${path}`;
  params.auth_signature = signRequest(target.secret, method, fullPath, Object.entries(params));
  const query = new URLSearchParams(params).toString();
  const send = target.useTls ? (await import('node:https')).request : request;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: target.host,
        port: target.port,
        method,
        path: `${fullPath}?${query}`,
        headers:
          payload === ''
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('Pusher HTTP API request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** `POST /apps/{id}/events`; `socketId` keeps the event from the sender's own socket. */
export async function triggerEvents(
  target: PusherHttpTarget,
  channels: string[],
  event: string,
  data: unknown,
  socketId?: string,
): Promise<void> {
  const body: Record<string, unknown> = {
    name: event,
    channels,
    data: typeof data === 'string' ? data : JSON.stringify(data),
  };
  if (socketId !== undefined) body.socket_id = socketId;
  const result = await signedRequest(target, 'POST', '/events', body);
  if (result.status !== 200) {
    throw new Error(`Pusher HTTP API answered ${result.status}: ${result.body.slice(0, 200)}`);
  }
}

export interface BatchEvent {
  channel: string;
  name: string;
  data: unknown;
  socketId?: string;
}

/** `POST /apps/{id}/batch_events`: up to 10 events in one request. */
export async function triggerBatch(target: PusherHttpTarget, events: BatchEvent[]): Promise<void> {
  const batch = events.map((event) => {
    const item: Record<string, unknown> = {
      channel: event.channel,
      name: event.name,
      data: typeof event.data === 'string' ? event.data : JSON.stringify(event.data),
    };
    if (event.socketId !== undefined) item.socket_id = event.socketId;
    return item;
  });
  const result = await signedRequest(target, 'POST', '/batch_events', { batch });
  if (result.status !== 200) {
    throw new Error(`Pusher HTTP API answered ${result.status}: ${result.body.slice(0, 200)}`);
  }
}

/** `POST /apps/{id}/users/{user_id}/terminate_connections`: closes a signed-in user's sockets. */
export async function terminateUserConnections(target: PusherHttpTarget, userId: string): Promise<void> {
  const result = await signedRequest(
    target,
    'POST',
    `/users/${encodeURIComponent(userId)}/terminate_connections`,
    {},
  );
  if (result.status !== 200) {
    throw new Error(`Pusher HTTP API answered ${result.status}: ${result.body.slice(0, 200)}`);
  }
}
