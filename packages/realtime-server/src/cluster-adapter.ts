import { type PresenceMember, PresenceRegistry } from './presence-registry';

/** One channel event on its way to every node's local subscribers. */
export interface ChannelBroadcast {
  appId: string;
  channel: string;
  event: string;
  /** Already serialised, so it is encoded once however many nodes and sockets receive it. */
  data: string;
  /** Sender's socket, never delivered to (Laravel `toOthers()`, client events). */
  exceptSocketId?: string;
  /** Set on presence client events, as Pusher does. */
  userId?: string;
}

export type LocalDelivery = (message: ChannelBroadcast) => void;

/** Closes this node's sockets of a signed-in user (logout, ban). */
export type LocalTermination = (appId: string, userId: string) => void;

/** Has every socket on this node reconnect (4200) and catch up, after the node may have missed events. */
export type LocalReconnect = () => void;

/**
 * What differs between one node and a cluster: fan-out to other nodes, and where presence
 * and subscription counts live. The in-process adapter is the one-node case.
 */
export interface ClusterAdapter {
  /** Called once by the server with the functions that act on this node's sockets. */
  start(
    deliverLocal: LocalDelivery,
    terminateLocal: LocalTermination,
    reconnectLocal: LocalReconnect,
  ): Promise<void>;
  /** Delivers to this node's subscribers and to every other node's. */
  broadcast(message: ChannelBroadcast): Promise<void>;
  /** Closes a signed-in user's sockets on every node. */
  terminateUser(appId: string, userId: string): Promise<void>;
  /** @returns true when this is the user's first connection anywhere in the cluster. */
  presenceJoin(appId: string, channel: string, socketId: string, member: PresenceMember): Promise<boolean>;
  /** @returns the user id when this was the user's last connection anywhere in the cluster. */
  presenceLeave(appId: string, channel: string, socketId: string): Promise<string | null>;
  presenceMembers(appId: string, channel: string): Promise<PresenceMember[]>;
  /** Distinct users in a presence channel, without fetching the member list. */
  presenceCount(appId: string, channel: string): Promise<number>;
  /** This node's subscription count for a channel changed (0 = no longer occupied here). */
  setLocalSubscriptionCount(appId: string, channel: string, count: number): void;
  /** Subscription counts across the cluster for every occupied channel of an app. */
  subscriptionCounts(appId: string): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export class InProcessAdapter implements ClusterAdapter {
  readonly #presence = new PresenceRegistry();
  readonly #counts = new Map<string, Map<string, number>>();
  #deliver: LocalDelivery = () => {};
  #terminate: LocalTermination = () => {};

  async start(deliverLocal: LocalDelivery, terminateLocal: LocalTermination): Promise<void> {
    this.#deliver = deliverLocal;
    this.#terminate = terminateLocal;
  }

  async broadcast(message: ChannelBroadcast): Promise<void> {
    this.#deliver(message);
  }

  async terminateUser(appId: string, userId: string): Promise<void> {
    this.#terminate(appId, userId);
  }

  async presenceJoin(
    appId: string,
    channel: string,
    socketId: string,
    member: PresenceMember,
  ): Promise<boolean> {
    return this.#presence.join(appId, channel, socketId, member);
  }

  async presenceLeave(appId: string, channel: string, socketId: string): Promise<string | null> {
    return this.#presence.leave(appId, channel, socketId);
  }

  async presenceMembers(appId: string, channel: string): Promise<PresenceMember[]> {
    return this.#presence.members(appId, channel);
  }

  async presenceCount(appId: string, channel: string): Promise<number> {
    return this.#presence.userCount(appId, channel);
  }

  setLocalSubscriptionCount(appId: string, channel: string, count: number): void {
    let counts = this.#counts.get(appId);
    if (!counts) {
      counts = new Map();
      this.#counts.set(appId, counts);
    }
    if (count > 0) counts.set(channel, count);
    else counts.delete(channel);
  }

  async subscriptionCounts(appId: string): Promise<Map<string, number>> {
    return new Map(this.#counts.get(appId));
  }

  async close(): Promise<void> {}
}
