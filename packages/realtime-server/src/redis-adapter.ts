import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type {
  ChannelBroadcast,
  ClusterAdapter,
  LocalDelivery,
  LocalReconnect,
  LocalTermination,
} from './cluster-adapter';
import type { Logger } from './logger';
import type { PresenceMember } from './presence-registry';
import { joinScript, leaveScript } from './presence-scripts';
import { PublishError } from './publish-validation';
import { RedisLink } from './redis-link';

export interface RedisAdapterOptions {
  url: string;
  keyPrefix?: string | undefined;
  logger: Logger;
  /** How often a node proves it is alive; a node silent for three beats is presumed dead and swept. */
  heartbeatMs?: number | undefined;
}

/**
 * Joins nodes through Redis: pub/sub carries events to the other nodes, and presence lives in
 * Redis hashes so member lists and first/last-connection detection are cluster-wide.
 *
 * Keys (all under the prefix):
 * - `presence:{app}:{channel}:conns`   hash node:socket → user id (one field per joined socket)
 * - `presence:{app}:{channel}:counts`  hash user id → sockets of that user in the channel
 * - `presence:{app}:{channel}:members` hash user id → user_info JSON
 * - `nodes` set of node ids; `node:{id}:alive` expiring heartbeat
 * - `node:{id}:presence` set of this node's joins, so a crashed node's members can be removed
 * - `node:{id}:subs` hash app\nchannel → this node's subscription count
 */
export class RedisAdapter implements ClusterAdapter {
  readonly #nodeId = randomUUID();
  readonly #prefix: string;
  readonly #logger: Logger;
  readonly #heartbeatMs: number;
  readonly #commands: Redis;
  readonly #subscriber: Redis;
  readonly #broadcastChannel: string;
  readonly #link: RedisLink;
  #deliver: LocalDelivery = () => {};
  #terminate: LocalTermination = () => {};
  #heartbeat: NodeJS.Timeout | undefined;
  /** The beat in flight, awaited on close so it cannot re-register this node after it has left. */
  #beating: Promise<void> = Promise.resolve();

  constructor(options: RedisAdapterOptions) {
    this.#prefix = options.keyPrefix ?? 'flirtlane:realtime:';
    this.#logger = options.logger;
    this.#heartbeatMs = options.heartbeatMs ?? 2000;
    const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true };
    this.#commands = new Redis(options.url, redisOptions);
    this.#subscriber = new Redis(options.url, { lazyConnect: true });
    this.#broadcastChannel = `${this.#prefix}broadcast`;
    this.#link = new RedisLink(this.#subscriber, this.#broadcastChannel, this.#logger);
    for (const client of [this.#commands, this.#subscriber]) {
      client.on('error', (error: Error) => this.#logger.warn({ err: error.message }, 'redis error'));
    }
    this.#commands.defineCommand('presenceJoin', { numberOfKeys: 4, lua: joinScript });
    this.#commands.defineCommand('presenceLeave', { numberOfKeys: 4, lua: leaveScript });
  }

  async start(deliver: LocalDelivery, terminate: LocalTermination, reconnect: LocalReconnect): Promise<void> {
    this.#deliver = deliver;
    this.#terminate = terminate;
    const connect = Promise.all([this.#commands.connect(), this.#subscriber.connect()]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer within 5 s')), 5000);
    });
    try {
      await Promise.race([connect, timeout]);
    } catch (error) {
      this.#commands.disconnect();
      this.#subscriber.disconnect();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    this.#subscriber.on('message', (_channel: string, raw: string) => this.#onRemote(raw));
    await this.#subscriber.subscribe(this.#broadcastChannel);
    this.#link.watch(reconnect);
    await this.#beat();
    this.#heartbeat = setInterval(() => {
      this.#beating = this.#beat()
        .then(() => this.#sweepDeadNodes())
        .catch((error: unknown) => this.#logger.warn({ err: String(error) }, 'redis heartbeat failed'));
    }, this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  async broadcast(message: ChannelBroadcast): Promise<void> {
    if (!this.#link.up) throw new PublishError(503, 'Redis is unavailable: events cannot reach every node');
    // Local sockets get the event straight away; Redis only carries it to the other nodes.
    this.#deliver(message);
    await this.#commands.publish(this.#broadcastChannel, JSON.stringify({ node: this.#nodeId, message }));
  }

  async terminateUser(appId: string, userId: string): Promise<void> {
    this.#terminate(appId, userId);
    await this.#commands.publish(
      this.#broadcastChannel,
      JSON.stringify({ node: this.#nodeId, terminate: { appId, userId } }),
    );
  }

  async presenceJoin(
    appId: string,
    channel: string,
    socketId: string,
    member: PresenceMember,
  ): Promise<boolean> {
    const result = await this.#scripts().presenceJoin(
      ...this.#presenceKeys(appId, channel, this.#nodeId),
      `${this.#nodeId}:${socketId}`,
      member.user_id,
      JSON.stringify(member.user_info ?? null),
      joinEntry(appId, channel, socketId),
    );
    return result === 1;
  }

  async presenceLeave(appId: string, channel: string, socketId: string): Promise<string | null> {
    return this.#leave(this.#nodeId, appId, channel, socketId);
  }

  async presenceMembers(appId: string, channel: string): Promise<PresenceMember[]> {
    const members = await this.#commands.hgetall(this.#key(`presence:${appId}:${channel}:members`));
    return Object.entries(members).map(([user_id, info]) => {
      const user_info: unknown = JSON.parse(info);
      return user_info === null ? { user_id } : { user_id, user_info };
    });
  }

  async presenceCount(appId: string, channel: string): Promise<number> {
    return this.#commands.hlen(this.#key(`presence:${appId}:${channel}:members`));
  }

  setLocalSubscriptionCount(appId: string, channel: string, count: number): void {
    const key = this.#key(`node:${this.#nodeId}:subs`);
    const field = `${appId}\n${channel}`;
    const write = count > 0 ? this.#commands.hset(key, field, count) : this.#commands.hdel(key, field);
    write.catch((error: unknown) =>
      this.#logger.warn({ err: String(error) }, 'redis subscription count failed'),
    );
  }

  async subscriptionCounts(appId: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const node of await this.#liveNodes()) {
      const fields = await this.#commands.hgetall(this.#key(`node:${node}:subs`));
      for (const [field, value] of Object.entries(fields)) {
        const separator = field.indexOf('\n');
        if (field.slice(0, separator) !== appId) continue;
        const channel = field.slice(separator + 1);
        counts.set(channel, (counts.get(channel) ?? 0) + Number(value));
      }
    }
    return counts;
  }

  async close(): Promise<void> {
    this.#link.stop();
    clearInterval(this.#heartbeat);
    await this.#beating;
    try {
      await this.#forgetNode(this.#nodeId);
    } catch (error) {
      this.#logger.warn({ err: String(error) }, 'redis cleanup on close failed');
    }
    await Promise.allSettled([this.#commands.quit(), this.#subscriber.quit()]);
  }

  #onRemote(raw: string): void {
    let parsed: RemoteMessage;
    try {
      parsed = JSON.parse(raw) as RemoteMessage;
    } catch {
      return;
    }
    if (parsed.node === this.#nodeId || !this.#link.up) return;
    if (parsed.message) this.#deliver(parsed.message);
    if (parsed.terminate) this.#terminate(parsed.terminate.appId, parsed.terminate.userId);
  }

  async #beat(): Promise<void> {
    await this.#commands
      .multi()
      .sadd(this.#key('nodes'), this.#nodeId)
      .set(this.#key(`node:${this.#nodeId}:alive`), '1', 'PX', this.#heartbeatMs * 3)
      .exec();
  }

  async #liveNodes(): Promise<string[]> {
    const nodes = await this.#commands.smembers(this.#key('nodes'));
    if (nodes.length === 0) return [];
    const alive = await this.#commands.mget(nodes.map((node) => this.#key(`node:${node}:alive`)));
    return nodes.filter((_, index) => alive[index] !== null);
  }

  /** Removes what a crashed node left behind and tells the members' channels they left. */
  async #sweepDeadNodes(): Promise<void> {
    const nodes = await this.#commands.smembers(this.#key('nodes'));
    const live = new Set(await this.#liveNodes());
    for (const node of nodes) {
      if (live.has(node) || node === this.#nodeId) continue;
      this.#logger.info({ node }, 'removing presence of a node that stopped answering');
      await this.#forgetNode(node);
    }
  }

  async #forgetNode(node: string): Promise<void> {
    const entries = await this.#commands.smembers(this.#key(`node:${node}:presence`));
    for (const entry of entries) {
      const [appId = '', channel = '', socketId = ''] = entry.split('\n');
      const lastUserId = await this.#leave(node, appId, channel, socketId);
      if (lastUserId !== null) {
        await this.broadcast({
          appId,
          channel,
          event: 'pusher_internal:member_removed',
          data: JSON.stringify({ user_id: lastUserId }),
        });
      }
    }
    await this.#commands
      .multi()
      .del(
        this.#key(`node:${node}:presence`),
        this.#key(`node:${node}:subs`),
        this.#key(`node:${node}:alive`),
      )
      .srem(this.#key('nodes'), node)
      .exec();
  }

  async #leave(node: string, appId: string, channel: string, socketId: string): Promise<string | null> {
    const result = await this.#scripts().presenceLeave(
      ...this.#presenceKeys(appId, channel, node),
      `${node}:${socketId}`,
      joinEntry(appId, channel, socketId),
    );
    return typeof result === 'string' ? result : null;
  }

  #presenceKeys(appId: string, channel: string, node: string): [string, string, string, string] {
    const base = this.#key(`presence:${appId}:${channel}`);
    return [`${base}:conns`, `${base}:counts`, `${base}:members`, this.#key(`node:${node}:presence`)];
  }

  #key(suffix: string): string {
    return `${this.#prefix}${suffix}`;
  }

  #scripts(): PresenceScripts {
    return this.#commands as unknown as PresenceScripts;
  }
}

interface RemoteMessage {
  node: string;
  message?: ChannelBroadcast;
  terminate?: { appId: string; userId: string };
}

interface PresenceScripts {
  presenceJoin(...args: string[]): Promise<number>;
  presenceLeave(...args: string[]): Promise<string | null>;
}

function joinEntry(appId: string, channel: string, socketId: string): string {
  return `${appId}\n${channel}\n${socketId}`;
}
