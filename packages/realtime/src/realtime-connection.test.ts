import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealtimeServer, type RealtimeServer, signChannel } from '@ukd/realtime-server';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { createRealtime, type Realtime } from './realtime-connection';

const app = { id: 'test', key: 'test-key', secret: 'test-secret-with-enough-entropy-000' };
const channel = 'notifications.user.u1';

interface Node {
  realtime: RealtimeServer;
  http: Server;
  port: number;
}

async function startNode(port = 0): Promise<Node> {
  const realtime = await createRealtimeServer({ apps: [app] });
  const http = createServer((_req, res) => res.writeHead(404).end());
  http.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return { realtime, http, port: (http.address() as AddressInfo).port };
}

async function stopNode(node: Node) {
  await node.realtime.close();
  node.http.closeAllConnections();
  await new Promise((resolve) => node.http.close(resolve));
}

let node: Node | undefined;
let client: Realtime | undefined;
afterEach(async () => {
  client?.disconnect();
  if (node) await stopNode(node);
  node = undefined;
});

function connectClient(port: number, denied: string[] = []) {
  client = createRealtime({
    settings: { key: app.key, host: '127.0.0.1', port, scheme: 'ws' },
    authorize: async (socketId, channelName) => {
      if (denied.includes(channelName)) throw new Error('Forbidden');
      return { auth: signChannel(app, socketId, channelName) };
    },
    load: async () => ({ Echo, Pusher }),
  });
  return client;
}

function publish(name: string, event: string, data: unknown): Promise<void> {
  if (!node) throw new Error('no realtime node');
  return node.realtime.publish(app.id, [`private-${name}`], event, data);
}

describe('realtime connection', () => {
  it('delivers events on a private channel to each owner, and stops for an owner disposed', async () => {
    node = await startNode();
    const realtime = connectClient(node.port);
    const shellEvents: unknown[] = [];
    const remoteEvents: unknown[] = [];
    const firstForRemote = new Promise((resolve) => {
      realtime.owned('mfe-messaging').subscribe(channel, 'notification.created', (payload) => {
        remoteEvents.push(payload);
        resolve(payload);
      });
    });
    const joined = new Promise<void>((resolve) =>
      realtime
        .owned('shell')
        .subscribe(channel, 'notification.created', (payload) => shellEvents.push(payload), {
          onSubscribed: resolve,
        }),
    );
    const marker = new Promise((resolve) => realtime.owned('shell').subscribe(channel, 'marker', resolve));

    await joined;
    await publish(channel, 'notification.created', { id: 1 });
    expect(await firstForRemote).toEqual({ id: 1 });

    realtime.disposeOwner('mfe-messaging');
    await publish(channel, 'notification.created', { id: 2 });
    await publish(channel, 'marker', {});
    await marker;
    expect(remoteEvents).toEqual([{ id: 1 }]);
    expect(shellEvents).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('opens no connection when disconnected while still loading (a logout just after login), and connects again later', async () => {
    node = await startNode();
    const port = node.port;
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened = 0;
    const CountingEcho = new Proxy(Echo, {
      construct(target, args) {
        opened += 1;
        return Reflect.construct(target, args);
      },
    });
    const realtime = createRealtime({
      settings: { key: app.key, host: '127.0.0.1', port, scheme: 'ws' },
      authorize: async (socketId, channelName) => ({ auth: signChannel(app, socketId, channelName) }),
      load: async () => {
        await loaded;
        return { Echo: CountingEcho, Pusher };
      },
    });
    client = realtime;
    realtime.owned('shell').subscribe(channel, 'notification.created', () => undefined);
    realtime.disconnect();
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(opened).toBe(0);

    const subscribed = new Promise<void>((resolve) =>
      realtime
        .owned('shell')
        .subscribe(channel, 'notification.created', () => undefined, { onSubscribed: resolve }),
    );
    await subscribed;
    expect(opened).toBe(1);
  });

  it('refuses nothing silently: a denied channel never delivers', async () => {
    node = await startNode();
    const realtime = connectClient(node.port, ['private-notifications.user.other']);
    const leaked: unknown[] = [];
    realtime
      .owned('shell')
      .subscribe('notifications.user.other', 'notification.created', (p) => leaked.push(p));
    const mine = new Promise<void>((resolve) =>
      realtime.owned('shell').subscribe(channel, 'marker', () => resolve(), {
        onSubscribed: () =>
          void publish('notifications.user.other', 'notification.created', { id: 9 }).then(() =>
            publish(channel, 'marker', {}),
          ),
      }),
    );
    await mine;
    expect(leaked).toEqual([]);
  });

  it('relays a whisper (typing) to the other subscriber only', async () => {
    node = await startNode();
    const alice = connectClient(node.port);
    const bob = createRealtime({
      settings: { key: app.key, host: '127.0.0.1', port: node.port, scheme: 'ws' },
      authorize: async (socketId, channelName) => ({ auth: signChannel(app, socketId, channelName) }),
      load: async () => ({ Echo, Pusher }),
    });
    try {
      const conversation = 'conversation.c1';
      const heardByAlice: unknown[] = [];
      alice
        .owned('mfe-messaging')
        .listenForWhisper(conversation, 'typing', (payload) => heardByAlice.push(payload));
      const aliceJoined = new Promise<void>((resolve) =>
        alice.owned('mfe-messaging').subscribe(conversation, 'message.sent', () => undefined, {
          onSubscribed: resolve,
        }),
      );
      const heardByBob = new Promise((resolve) =>
        bob.owned('mfe-messaging').listenForWhisper(conversation, 'typing', resolve),
      );
      const bobJoined = new Promise<void>((resolve) =>
        bob.owned('mfe-messaging').subscribe(conversation, 'message.sent', () => undefined, {
          onSubscribed: resolve,
        }),
      );
      await Promise.all([aliceJoined, bobJoined]);
      alice.whisper(conversation, 'typing', { user_uuid: 'alice' });
      expect(await heardByBob).toEqual({ user_uuid: 'alice' });
      expect(heardByAlice).toEqual([]);
    } finally {
      bob.disconnect();
    }
  });

  it('calls the reconnect handlers of owners still there when the connection comes back after the server restarts', async () => {
    node = await startNode();
    const { port } = node;
    const realtime = connectClient(port);
    await realtime.connect();
    await expect.poll(() => realtime.socketId()).toMatch(/^\d+\.\d+$/);
    const firstId = realtime.socketId();
    const reconnected = new Promise<void>((resolve) => realtime.owned('shell').onReconnect(resolve));
    const gone: string[] = [];
    realtime.owned('mfe-messaging#1').onReconnect(() => gone.push('mfe-messaging#1'));
    realtime.disposeOwner('mfe-messaging#1');

    await stopNode(node);
    node = await startNode(port);
    await reconnected;
    expect(realtime.socketId()).not.toBe(firstId);
    expect(gone).toEqual([]);
  }, 40_000);

  it('counts the members on a presence channel once each, live as they join and leave', async () => {
    node = await startNode();
    const port = node.port;
    const member = (userId: string) =>
      createRealtime({
        settings: { key: app.key, host: '127.0.0.1', port, scheme: 'ws' },
        authorize: async (socketId, channelName) => {
          const channelData = JSON.stringify({ user_id: userId, user_info: { username: userId } });
          return { auth: signChannel(app, socketId, channelName, channelData), channel_data: channelData };
        },
        load: async () => ({ Echo, Pusher }),
      });
    const seen: number[] = [];
    const waitFor = (n: number) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (seen.at(-1) === n) {
            clearInterval(check);
            resolve();
          }
        }, 10);
      });
    const amy = member('amy');
    amy.join('online', (count) => seen.push(count));
    await waitFor(1);
    const ben = member('ben');
    ben.join('online');
    await waitFor(2);
    // A second tab of the same member is still one member.
    const amyAgain = member('amy');
    const leaveAgain = amyAgain.join('online');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(seen.at(-1)).toBe(2);
    leaveAgain();
    amyAgain.disconnect();
    ben.disconnect();
    await waitFor(1);
    amy.disconnect();
    expect(seen).toEqual([1, 2, 1]);
  });
});
