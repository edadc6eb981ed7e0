import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClusterAdapter } from './cluster-adapter';
import { verifyRequest } from './http-signature';
import type { Limits } from './limits';
import { channelKind, isValidChannelName, serialiseData } from './protocol';
import { PublishError } from './publish-validation';
import { parseUrl, safeDecode } from './url-parts';
import type { RealtimeApp } from './websocket-gateway';

export interface HttpApiContext {
  appsById: Map<string, RealtimeApp>;
  limits: Limits;
  adapter: ClusterAdapter;
  publish(appId: string, channels: string[], event: string, data: unknown, socketId?: string): Promise<void>;
}

const apiPath =
  /^\/apps\/([^/]+)\/(events|batch_events|channels|users)(?:\/([^/]+)(?:\/(users|terminate_connections))?)?\/?$/;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The Pusher HTTP API: signed trigger and channel queries, so publishers need not be in process. */
export async function handleHttpApi(
  context: HttpApiContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = parseUrl(req.url);
  if (!url?.pathname.startsWith('/apps/')) return false;
  try {
    const match = apiPath.exec(url.pathname);
    if (!match) throw new HttpError(404, 'Not found');
    const [, appId = '', resource, item, action] = match;
    const app = context.appsById.get(safeDecode(appId) ?? '');
    if (!app) throw new HttpError(404, 'Unknown app');
    const method = req.method ?? 'GET';
    const body = await readBody(req, context.limits.maxHttpBodyBytes);
    const verified = verifyRequest(app, method, url.pathname, url.searchParams, body);
    if (!verified.ok) throw new HttpError(verified.status, verified.message);

    if (resource === 'events' && method === 'POST' && item === undefined) {
      await triggerOne(context, app.id, parseJson(body));
      return reply(res, 200, {});
    }
    if (resource === 'batch_events' && method === 'POST' && item === undefined) {
      const batch = fieldOf(parseJson(body), 'batch');
      if (!Array.isArray(batch) || batch.length === 0)
        throw new HttpError(400, 'batch must be a non-empty list');
      if (batch.length > context.limits.maxBatchEvents) {
        throw new HttpError(400, `At most ${context.limits.maxBatchEvents} events per batch`);
      }
      for (const item of batch) await triggerOne(context, app.id, item);
      return reply(res, 200, {});
    }
    if (
      resource === 'users' &&
      action === 'terminate_connections' &&
      method === 'POST' &&
      item !== undefined
    ) {
      const userId = safeDecode(item);
      if (!userId) throw new HttpError(400, 'Invalid user id');
      await context.adapter.terminateUser(app.id, userId);
      return reply(res, 200, {});
    }
    if (resource === 'channels' && action !== 'terminate_connections' && method === 'GET') {
      if (item === undefined) return reply(res, 200, await listChannels(context, app.id, url.searchParams));
      const name = safeDecode(item);
      if (!isValidChannelName(name)) throw new HttpError(400, 'Invalid channel name');
      if (action === 'users') {
        if (channelKind(name) !== 'presence')
          throw new HttpError(400, 'Users are only listed for presence channels');
        const members = await context.adapter.presenceMembers(app.id, name);
        return reply(res, 200, { users: members.map((member) => ({ id: member.user_id })) });
      }
      return reply(res, 200, await channelInfo(context, app.id, name, url.searchParams));
    }
    throw new HttpError(405, 'Method not allowed');
  } catch (error) {
    if (error instanceof HttpError || error instanceof PublishError)
      return reply(res, error.status, error.message);
    throw error;
  }
}

async function triggerOne(context: HttpApiContext, appId: string, payload: unknown): Promise<void> {
  if (typeof payload !== 'object' || payload === null) throw new HttpError(400, 'Expected a JSON object');
  const record = payload as Record<string, unknown>;
  const channels = record.channels ?? (record.channel === undefined ? undefined : [record.channel]);
  const name = record.name;
  const socketId = record.socket_id;
  if (typeof name !== 'string') throw new HttpError(400, 'name is required');
  if (!Array.isArray(channels)) throw new HttpError(400, 'channels or channel is required');
  if (socketId !== undefined && typeof socketId !== 'string') throw new HttpError(400, 'Invalid socket_id');
  // Pusher's API expects data as a string; an object is accepted and serialised rather than refused.
  await context.publish(appId, channels as string[], name, serialiseData(record.data), socketId);
}

async function listChannels(
  context: HttpApiContext,
  appId: string,
  query: URLSearchParams,
): Promise<{ channels: Record<string, { user_count?: number }> }> {
  const prefix = query.get('filter_by_prefix') ?? '';
  const info = new Set((query.get('info') ?? '').split(',').filter(Boolean));
  if (info.has('user_count') && !prefix.startsWith('presence-')) {
    throw new HttpError(400, 'user_count is only available with filter_by_prefix=presence-');
  }
  const counts = await context.adapter.subscriptionCounts(appId);
  const channels: Record<string, { user_count?: number }> = {};
  for (const name of counts.keys()) {
    if (!name.startsWith(prefix)) continue;
    channels[name] = info.has('user_count')
      ? { user_count: await context.adapter.presenceCount(appId, name) }
      : {};
  }
  return { channels };
}

async function channelInfo(
  context: HttpApiContext,
  appId: string,
  channel: string,
  query: URLSearchParams,
): Promise<{ occupied: boolean; subscription_count?: number; user_count?: number }> {
  const info = new Set((query.get('info') ?? '').split(',').filter(Boolean));
  const subscriptions = (await context.adapter.subscriptionCounts(appId)).get(channel) ?? 0;
  const result: { occupied: boolean; subscription_count?: number; user_count?: number } = {
    occupied: subscriptions > 0,
  };
  if (info.has('subscription_count')) result.subscription_count = subscriptions;
  if (info.has('user_count')) {
    if (channelKind(channel) !== 'presence')
      throw new HttpError(400, 'user_count is only for presence channels');
    result.user_count = await context.adapter.presenceCount(appId, channel);
  }
  return result;
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new HttpError(413, `Request body exceeds ${maxBytes} bytes`));
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // A client that hangs up mid-body emits neither 'end' nor always 'error'.
    req.on('close', () => {
      if (!req.complete) reject(new HttpError(400, 'Request aborted'));
    });
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
}

function fieldOf(value: unknown, field: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
}

function reply(res: ServerResponse, status: number, body: object | string): true {
  const text = typeof body === 'string' ? JSON.stringify({ error: body }) : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
  return true;
}
