import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type Pusher from 'pusher-js';
import type { Members, PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signChannel } from './channel-auth';
import { signedRequest, triggerEvents } from './pusher-http-client';
import { createRealtimeServer } from './realtime-server';
import {
  connected,
  nextEvent,
  pusherClient,
  quietPeriod,
  RawClient,
  redisReachable,
  removeRedisKeys,
  startNode,
  subscribed,
  type TestNode,
  testApp,
} from './test-support';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// One namespace per run, so parallel runs and other suites sharing this Redis never see each other.
const keyPrefix = `flirtlane-test:${randomUUID()}:`;

const reachable = await redisReachable(redisUrl);
if (!reachable) {
  if (process.env.CI) throw new Error(`Redis is required in CI but ${redisUrl} is unreachable`);
  console.warn(
    `\n  SKIPPED two-node Redis tests: no Redis at ${redisUrl} (set REDIS_URL; CI fails instead)\n`,
  );
}

// Whatever this run left behind (a killed node's keys, an expiring heartbeat) goes with it.
afterAll(async () => {
  if (reachable) await removeRedisKeys(redisUrl, keyPrefix);
});

describe.skipIf(!reachable)('two nodes joined through Redis', () => {
  let nodeA: TestNode;
  let nodeB: TestNode;
  const clients: Pusher[] = [];
  const raws: RawClient[] = [];

  function client(node: TestNode, user?: string): Pusher {
    const pusher = pusherClient(node.port, user ? { user } : {});
    clients.push(pusher);
    return pusher;
  }

  beforeAll(async () => {
    const options = { redisUrl, redisKeyPrefix: keyPrefix, redisHeartbeatMs: 200 };
    nodeA = await startNode(options);
    nodeB = await startNode(options);
  });

  afterEach(async () => {
    for (const pusher of clients.splice(0)) pusher.disconnect();
    for (const raw of raws.splice(0)) raw.close();
    // Presence leaves are asynchronous; wait until both nodes have let go of every socket.
    await expect.poll(() => nodeA.realtime.connectionCount() + nodeB.realtime.connectionCount()).toBe(0);
  });

  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.stop();
  });

  it('delivers an event published on node A to a subscriber on node B', async () => {
    const member = client(nodeB);
    const channel = member.subscribe('private-notifications.user.n1');
    await subscribed(channel);
    const received = nextEvent(channel, 'notification.created');
    await nodeA.realtime.publish(testApp.id, ['private-notifications.user.n1'], 'notification.created', {
      id: 1,
    });
    expect(await received).toEqual({ id: 1 });

    const viaHttp = nextEvent(channel, 'notification.created');
    await triggerEvents(
      { host: '127.0.0.1', port: nodeA.port, appId: testApp.id, key: testApp.key, secret: testApp.secret },
      ['private-notifications.user.n1'],
      'notification.created',
      { id: 2 },
    );
    expect(await viaHttp).toEqual({ id: 2 });
  });

  it('excludes the sender socket on another node', async () => {
    const sender = client(nodeB);
    const other = client(nodeA);
    const senderChannel = sender.subscribe('private-conversation.c1');
    const otherChannel = other.subscribe('private-conversation.c1');
    await Promise.all([subscribed(senderChannel), subscribed(otherChannel)]);
    let toSender = 0;
    senderChannel.bind('message.sent', () => {
      toSender += 1;
    });
    const received = nextEvent(otherChannel, 'message.sent');
    await nodeA.realtime.publish(
      testApp.id,
      ['private-conversation.c1'],
      'message.sent',
      { id: 1 },
      {
        socketId: await connected(sender),
      },
    );
    expect(await received).toEqual({ id: 1 });
    await quietPeriod(100);
    expect(toSender).toBe(0);
  });

  it('relays client events between nodes', async () => {
    const alice = client(nodeA, 'alice');
    const bob = client(nodeB, 'bob');
    const aliceChannel = alice.subscribe('private-conversation.c2');
    const bobChannel = bob.subscribe('private-conversation.c2');
    await Promise.all([subscribed(aliceChannel), subscribed(bobChannel)]);
    const received = nextEvent(bobChannel, 'client-typing');
    aliceChannel.trigger('client-typing', { typing: true });
    expect(await received).toEqual({ typing: true });
  });

  it('shares presence members and counts across nodes, announcing only first and last connections', async () => {
    const alice = client(nodeA, 'alice');
    const aliceChannel = alice.subscribe('presence-online') as PresenceChannel;
    await subscribed(aliceChannel);
    const removed: string[] = [];
    aliceChannel.bind('pusher:member_removed', (member: { id: string }) => removed.push(member.id));

    const bobAdded = nextEvent<{ id: string }>(aliceChannel, 'pusher:member_added');
    const bobOnB = client(nodeB, 'bob');
    const bobChannel = bobOnB.subscribe('presence-online') as PresenceChannel;
    const bobView = await nextEvent<Members>(bobChannel, 'pusher:subscription_succeeded');
    expect(bobView.count).toBe(2);
    expect(Object.keys(bobView.members).sort()).toEqual(['alice', 'bob']);
    expect((await bobAdded).id).toBe('bob');

    let addedAgain = 0;
    aliceChannel.bind('pusher:member_added', () => {
      addedAgain += 1;
    });
    const bobOnA = client(nodeA, 'bob');
    await subscribed(bobOnA.subscribe('presence-online'));
    for (const node of [nodeA, nodeB]) {
      const ids = (await node.realtime.presence(testApp.id, 'presence-online')).map((m) => m.user_id).sort();
      expect(ids).toEqual(['alice', 'bob']);
    }

    const counts = await fetchJson(nodeB, '/channels', { filter_by_prefix: 'presence-', info: 'user_count' });
    expect(counts).toEqual({ channels: { 'presence-online': { user_count: 2 } } });
    const info = await fetchJson(nodeA, '/channels/presence-online', { info: 'subscription_count' });
    expect(info).toEqual({ occupied: true, subscription_count: 3 });

    bobOnB.disconnect();
    await expect.poll(() => nodeB.realtime.connectionCount()).toBe(0);
    const marker = nextEvent(aliceChannel, 'marker');
    await nodeA.realtime.publish(testApp.id, ['presence-online'], 'marker', {});
    await marker;
    expect(removed).toEqual([]);

    const bobGone = nextEvent<{ id: string }>(aliceChannel, 'pusher:member_removed');
    bobOnA.disconnect();
    expect((await bobGone).id).toBe('bob');
    expect(addedAgain).toBe(0);
    expect((await nodeB.realtime.presence(testApp.id, 'presence-online')).map((m) => m.user_id)).toEqual([
      'alice',
    ]);
  });

  it('terminates a user on every node', async () => {
    const onA = client(nodeA, 'dora');
    const onB = client(nodeB, 'dora');
    for (const pusher of [onA, onB]) {
      pusher.signin();
      await pusher.user.signinDonePromise;
    }
    await nodeA.realtime.terminateUserConnections(testApp.id, 'dora');
    await expect.poll(() => nodeA.realtime.connectionCount() + nodeB.realtime.connectionCount()).toBe(0);
  });

  it('terminates the sockets a session authorised on every node (channel_data, issue #13 item 2)', async () => {
    const channel = 'private-notifications.user.u9';
    const channelData = JSON.stringify({ user_id: 'session-s9' });
    for (const node of [nodeA, nodeB]) {
      const raw = await RawClient.connect(node.port);
      raws.push(raw);
      raw.send({
        event: 'pusher:subscribe',
        data: {
          channel,
          channel_data: channelData,
          auth: signChannel(testApp, raw.socketId, channel, channelData),
        },
      });
      await raw.nextEvent('pusher_internal:subscription_succeeded', channel);
    }
    await nodeB.realtime.terminateUserConnections(testApp.id, 'session-s9');
    for (const raw of raws) expect((await raw.closed).code).toBe(4009);
  });

  it('removes the members of a node that crashed', async () => {
    const child = await spawnNode();
    try {
      const alice = await RawClient.connect(nodeA.port);
      raws.push(alice);
      await alice.subscribe('presence-lobby', 'alice');
      const carl = await RawClient.connect(child.port);
      await carl.subscribe('presence-lobby', 'carl');
      expect((await alice.nextEvent('pusher_internal:member_added', 'presence-lobby')).data).toMatchObject({
        user_id: 'carl',
      });
      child.process.kill('SIGKILL');
      const removed = await alice.nextEvent('pusher_internal:member_removed', 'presence-lobby');
      expect(removed.data).toEqual({ user_id: 'carl' });
      const ids = (await nodeB.realtime.presence(testApp.id, 'presence-lobby')).map((m) => m.user_id);
      expect(ids).toEqual(['alice']);
    } finally {
      child.process.kill('SIGKILL');
    }
  });

  async function fetchJson(node: TestNode, path: string, query: Record<string, string>): Promise<unknown> {
    const result = await signedRequest(
      { host: '127.0.0.1', port: node.port, appId: testApp.id, key: testApp.key, secret: testApp.secret },
      'GET',
      path,
      undefined,
      query,
    );
    return JSON.parse(result.body);
  }
});

async function spawnNode(): Promise<{ process: ChildProcess; port: number }> {
  const script = fileURLToPath(new URL('./test-node-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix, REDIS_HEARTBEAT_MS: '200' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const port = (JSON.parse(line) as { port: number }).port;
    return { process: child, port };
  }
  throw new Error('test node exited before listening');
}

describe.skipIf(!reachable)('Redis lost while running', () => {
  it('answers presence subscriptions with 503, keeps public channels, and has every client reconnect when Redis returns', async () => {
    const redisTarget = new URL(redisUrl);
    const proxy = new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const proxyPort = await proxy.listen(0);
    const node = await startNode({
      redisUrl: `redis://127.0.0.1:${proxyPort}`,
      redisKeyPrefix: `${keyPrefix}outage:`,
      redisHeartbeatMs: 200,
    });
    const clients: RawClient[] = [];
    try {
      const alice = await RawClient.connect(node.port);
      clients.push(alice);
      expect((await alice.subscribe('presence-online', 'alice')).event).toBe(
        'pusher_internal:subscription_succeeded',
      );

      await proxy.close();
      const bob = await RawClient.connect(node.port);
      clients.push(bob);
      const refused = await bob.subscribe('presence-online', 'bob');
      expect(refused.event).toBe('pusher:subscription_error');
      expect(refused.data).toMatchObject({ status: 503 });
      expect((await bob.subscribe('site-news')).event).toBe('pusher_internal:subscription_succeeded');

      // A member confirmed before the outage stayed subscribed even though announcing them failed.
      expect(alice.messages.filter((m) => m.event === 'pusher:subscription_error')).toEqual([]);

      await proxy.listen(proxyPort);
      // Back, the node may have missed other nodes' events: every client reconnects and catches up.
      for (const client of [alice, bob]) expect((await client.closed).code).toBe(4200);
      await expect
        .poll(
          async () => {
            const again = await RawClient.connect(node.port);
            clients.push(again);
            return (await again.subscribe('presence-online', 'bob')).event;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe('pusher_internal:subscription_succeeded');
      expect((await node.realtime.presence(testApp.id, 'presence-online')).map((m) => m.user_id)).toEqual([
        'bob',
      ]);
    } finally {
      for (const client of clients) client.close();
      await node.stop();
      await proxy.close();
    }
  });
});

/** Forwards TCP to Redis and can cut every connection at once, to simulate an outage. */
class TcpProxy {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();

  constructor(
    readonly host: string,
    readonly port: number,
  ) {}

  async listen(port: number): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.port, this.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    this.#server = server;
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('Redis unreachable at start', () => {
  it('fails createRealtimeServer instead of hanging', async () => {
    const started = Date.now();
    await expect(
      createRealtimeServer({ apps: [testApp], redisUrl: 'redis://127.0.0.1:1' }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(6000);
  });
});
