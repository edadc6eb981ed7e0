/**
 * Pusher Channels protocol 7 wire format. Close codes decide what pusher-js does next:
 * 4000-4099 never retry, 4100-4199 back off, 4200-4299 reconnect at once, >=4300 refused.
 */
export const ErrorCode = {
  UnknownApp: 4001,
  UnsupportedProtocol: 4007,
  Unauthorized: 4009,
  OverCapacity: 4100,
  ServerClosing: 4200,
  PongTimeout: 4201,
  Refused: 4300,
  RateLimited: 4301,
} as const;

export type ChannelKind = 'public' | 'private' | 'presence' | 'user';

/** Channel pusher-js subscribes to after `pusher:signin`, carrying events sent to one user. */
export const userChannelPrefix = '#server-to-user-';

const channelNamePattern = /^[A-Za-z0-9_\-=@,.;]+$/;
const socketIdPattern = /^\d+\.\d+$/;

/** Pusher's rule: letters, digits and `_-=@,.;`, at most 164 characters. */
export function isValidChannelName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 164) return false;
  const rest = name.startsWith(userChannelPrefix) ? name.slice(userChannelPrefix.length) : name;
  return rest.length > 0 && channelNamePattern.test(rest);
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= 200;
}

export function isValidSocketId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 64 && socketIdPattern.test(id);
}

export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith(userChannelPrefix)) return 'user';
  if (channel.startsWith('presence-')) return 'presence';
  if (channel.startsWith('private-')) return 'private';
  return 'public';
}

/** A channel event as Pusher sends it: `data` is always a string the client parses again. */
export function eventFrame(channel: string, event: string, data: string, userId?: string): string {
  return JSON.stringify(
    userId === undefined ? { event, channel, data } : { event, channel, data, user_id: userId },
  );
}

/** `pusher:error` carries an object (not a string) in Pusher's own protocol description. */
export function errorFrame(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

export function connectionEstablishedFrame(socketId: string, activityTimeout: number): string {
  return JSON.stringify({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeout }),
  });
}

export function subscriptionErrorFrame(channel: string, type: string, error: string, status: number): string {
  return JSON.stringify({
    event: 'pusher:subscription_error',
    channel,
    data: JSON.stringify({ type, error, status }),
  });
}

export const pongFrame = JSON.stringify({ event: 'pusher:pong', data: '{}' });
export const pingFrame = JSON.stringify({ event: 'pusher:ping', data: '{}' });

export interface ClientMessage {
  event: string;
  channel?: string;
  data: unknown;
}

/**
 * Parses a client frame. Clients send `data` as an object or as a JSON string; both are accepted.
 * Returns null for anything that is not a `{event: string, ...}` object.
 */
export function parseClientMessage(raw: string): ClientMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  if (typeof record.event !== 'string') return null;
  let data = record.data;
  if (typeof data === 'string' && !record.event.startsWith('client-')) {
    try {
      data = JSON.parse(data);
    } catch {
      // A plain string payload stays a string.
    }
  }
  const message: ClientMessage = { event: record.event, data };
  if (typeof record.channel === 'string') message.channel = record.channel;
  return message;
}

/** Event payloads travel as strings; a caller's object is serialised exactly once. */
export function serialiseData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data ?? null);
}
