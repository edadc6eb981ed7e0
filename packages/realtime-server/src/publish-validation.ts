import type { Limits } from './limits';
import { isValidChannelName, isValidEventName, isValidSocketId } from './protocol';

export class PublishError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

/** The same rules for the in-process `publish` and the HTTP API, so neither path is looser. */
export function validatePublish(
  limits: Limits,
  channels: unknown,
  event: unknown,
  data: string,
  socketId: unknown,
): asserts channels is string[] {
  if (!Array.isArray(channels) || channels.length === 0)
    throw new PublishError(400, 'channels must be a non-empty list');
  if (channels.length > limits.maxChannelsPerEvent) {
    throw new PublishError(400, `At most ${limits.maxChannelsPerEvent} channels per event`);
  }
  for (const channel of channels) {
    if (!isValidChannelName(channel)) throw new PublishError(400, `Invalid channel name: ${String(channel)}`);
  }
  if (!isValidEventName(event)) throw new PublishError(400, 'Event name must be 1 to 200 characters');
  if (Buffer.byteLength(data) > limits.maxEventBytes) {
    throw new PublishError(413, `Event data exceeds ${limits.maxEventBytes} bytes`);
  }
  if (socketId !== undefined && !isValidSocketId(socketId)) throw new PublishError(400, 'Invalid socket_id');
}
