import type { ChannelBroadcast, ClusterAdapter } from './cluster-adapter';
import type { Limits } from './limits';
import { type ClientMessage, channelKind, ErrorCode, errorFrame, serialiseData } from './protocol';
import type { Connection, FrameSender } from './socket-connection';

/**
 * `client-*` events (whispers such as typing): relayed to the channel's other subscribers across
 * the cluster, only on private and presence channels the socket is subscribed to, and rate limited
 * per socket. Answers the broadcast under way, or null when the event was refused.
 */
export function relayClientEvent(
  connection: Connection,
  message: ClientMessage,
  deps: { limits: Pick<Limits, 'clientEventsPerSecond'>; adapter: ClusterAdapter; frames: FrameSender },
): Promise<void> | null {
  const channel = message.channel;
  const refuse = (code: number, text: string): null => {
    deps.frames.send(connection, errorFrame(code, text));
    return null;
  };
  const kind = typeof channel === 'string' ? channelKind(channel) : 'public';
  if (typeof channel !== 'string' || (kind !== 'private' && kind !== 'presence')) {
    return refuse(ErrorCode.Refused, 'Client events are only allowed on private and presence channels');
  }
  const subscription = connection.channels.get(channel);
  if (!subscription) return refuse(ErrorCode.Refused, 'Client events need a subscription to the channel');
  if (message.event.length > 200) return refuse(ErrorCode.Refused, 'Event name too long');
  const now = Date.now();
  if (now - connection.clientEventWindowStart >= 1000) {
    connection.clientEventWindowStart = now;
    connection.clientEventsInWindow = 0;
  }
  connection.clientEventsInWindow += 1;
  if (connection.clientEventsInWindow > deps.limits.clientEventsPerSecond) {
    return refuse(ErrorCode.RateLimited, 'Client event rejected due to rate limit');
  }
  const broadcast: ChannelBroadcast = {
    appId: connection.app.id,
    channel,
    event: message.event,
    data: serialiseData(message.data),
    exceptSocketId: connection.socketId,
  };
  if (subscription.userId !== undefined) broadcast.userId = subscription.userId;
  return deps.adapter.broadcast(broadcast);
}
