import { verifyChannelAuth } from './channel-auth';
import type { ClusterAdapter } from './cluster-adapter';
import type { Limits } from './limits';
import type { Logger } from './logger';
import type { PresenceMember } from './presence-registry';
import {
  type ClientMessage,
  channelKind,
  errorFrame,
  isValidChannelName,
  subscriptionErrorFrame,
  userChannelPrefix,
} from './protocol';
import {
  type Connection,
  type FrameSender,
  fieldOf,
  SocketsByKey,
  type Subscription,
} from './socket-connection';

/**
 * `pusher:subscribe` and `pusher:unsubscribe`: who may join which channel (signatures, the
 * server-to-user channel, limits), presence membership through the cluster adapter, and the
 * index of this node's subscribers that deliveries read.
 */
export class ChannelSubscriptions {
  /** appId → channel → sockets subscribed on this node. */
  readonly #subscribers = new SocketsByKey();

  constructor(
    private readonly limits: Limits,
    private readonly logger: Logger,
    private readonly adapter: ClusterAdapter,
    private readonly frames: FrameSender,
    /** A private subscription signed for a user id: the socket answers to that id's termination. */
    private readonly onAuthorisedFor?: (connection: Connection, userId: string) => void,
  ) {}

  /** This node's sockets on a channel. */
  subscribersOf(appId: string, channel: string): ReadonlySet<Connection> | undefined {
    return this.#subscribers.get(appId, channel);
  }

  async subscribe(connection: Connection, message: ClientMessage): Promise<void> {
    const channel = fieldOf(message.data, 'channel');
    if (!isValidChannelName(channel)) {
      this.frames.send(connection, errorFrame(null, 'Invalid channel name'));
      return;
    }
    const refuse = (type: string, error: string, status: number): void =>
      this.frames.send(connection, subscriptionErrorFrame(channel, type, error, status));
    const kind = channelKind(channel);
    const existing = connection.channels.get(channel);
    if (existing) {
      // A repeated subscribe (e.g. a client retrying) is answered again, without a second join.
      await this.#confirm(connection, channel, existing);
      return;
    }
    if (connection.channels.size >= this.limits.maxSubscriptionsPerConnection) {
      refuse(
        'LimitReached',
        `At most ${this.limits.maxSubscriptionsPerConnection} channels per connection`,
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
      // A private channel's auth may sign channel_data too (`{"user_id"}`, e.g. the API's session):
      // the socket is then reachable by terminate_connections for that id, like a signed-in user.
      const signedData = typeof channelData === 'string' ? channelData : undefined;
      if (!verifyChannelAuth(connection.app, connection.socketId, channel, auth, signedData)) {
        refuse('AuthError', 'Invalid signature: the connection is not authorised for this channel', 401);
        return;
      }
      if (kind === 'private' && signedData !== undefined) {
        const tag = parsePresenceMember(signedData, this.limits.maxPresenceUserInfoBytes);
        if (!tag) {
          refuse('AuthError', 'channel_data must carry a user_id', 400);
          return;
        }
        this.onAuthorisedFor?.(connection, tag.user_id);
      }
      if (kind === 'presence') {
        member = parsePresenceMember(signedData, this.limits.maxPresenceUserInfoBytes);
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
    await this.#joinPresence(connection, channel, subscription, member, refuse);
  }

  async #joinPresence(
    connection: Connection,
    channel: string,
    subscription: Subscription,
    member: PresenceMember,
    refuse: (type: string, error: string, status: number) => void,
  ): Promise<void> {
    let first: boolean;
    let members: PresenceMember[];
    try {
      // The join is recorded before the socket could close, so the close's leave always follows it.
      first = await this.adapter.presenceJoin(connection.app.id, channel, connection.socketId, member);
      members = await this.adapter.presenceMembers(connection.app.id, channel);
    } catch (error) {
      // Redis unreachable: answer the client rather than leave its subscription pending forever.
      this.logger.error({ err: String(error), channel }, 'presence join failed');
      if (connection.channels.get(channel) === subscription) {
        connection.channels.delete(channel);
        this.unindex(connection, channel);
        // The join may have been recorded before the failure; undo it if Redis still listens.
        this.adapter.presenceLeave(connection.app.id, channel, connection.socketId).catch(() => {});
      }
      refuse('ServerError', 'Presence is unavailable, try again', 503);
      return;
    }
    if (connection.channels.get(channel) !== subscription) return;
    if (first && members.length > this.limits.maxPresenceMembers) {
      // Never announced, so it leaves without a member_removed.
      connection.channels.delete(channel);
      this.unindex(connection, channel);
      await this.adapter.presenceLeave(connection.app.id, channel, connection.socketId);
      refuse('LimitReached', 'Presence channel is full', 429);
      return;
    }
    await this.#confirm(connection, channel, subscription, members);
    if (first) {
      // Once confirmed the member stays subscribed; a failed announcement is only logged (by the caller).
      await this.adapter.broadcast({
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
      const members = known ?? (await this.adapter.presenceMembers(connection.app.id, channel));
      const hash: Record<string, unknown> = {};
      for (const member of members) hash[member.user_id] = member.user_info ?? null;
      data = JSON.stringify({
        presence: { ids: members.map((m) => m.user_id), hash, count: members.length },
      });
    }
    this.frames.send(
      connection,
      JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data }),
    );
  }

  async unsubscribe(connection: Connection, channel: string): Promise<void> {
    const subscription = connection.channels.get(channel);
    if (!subscription) return;
    connection.channels.delete(channel);
    this.unindex(connection, channel);
    await this.leavePresence(connection, channel, subscription);
  }

  /** Leaves a presence channel (announcing member_removed when the user's last socket left). */
  async leavePresence(connection: Connection, channel: string, subscription: Subscription): Promise<void> {
    if (subscription.userId === undefined) return;
    const lastUserId = await this.adapter.presenceLeave(connection.app.id, channel, connection.socketId);
    if (lastUserId !== null) {
      await this.adapter.broadcast({
        appId: connection.app.id,
        channel,
        event: 'pusher_internal:member_removed',
        data: JSON.stringify({ user_id: lastUserId }),
      });
    }
  }

  #index(connection: Connection, channel: string): void {
    const count = this.#subscribers.add(connection, channel);
    this.adapter.setLocalSubscriptionCount(connection.app.id, channel, count);
  }

  /** Takes a socket out of a channel's local subscribers (the cluster learns the new count). */
  unindex(connection: Connection, channel: string): void {
    const left = this.#subscribers.remove(connection, channel);
    if (left !== null) this.adapter.setLocalSubscriptionCount(connection.app.id, channel, left);
  }
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
