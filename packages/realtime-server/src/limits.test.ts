import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signChannel, signUser } from './channel-auth';
import type { RealtimeServerOptions } from './realtime-server';
import { RawClient, startNode, type TestNode, testApp } from './test-support';

let node: TestNode | undefined;
const raws: RawClient[] = [];

async function start(options: Partial<RealtimeServerOptions> = {}): Promise<TestNode> {
  node = await startNode(options);
  return node;
}

async function raw(options: Parameters<typeof RawClient.connect>[1] = {}): Promise<RawClient> {
  if (!node) throw new Error('start a node first');
  const client = await RawClient.connect(node.port, options);
  raws.push(client);
  return client;
}

afterEach(async () => {
  for (const client of raws.splice(0)) client.close();
  await node?.stop();
  node = undefined;
});

function errorCode(message: { data?: unknown }): number | null {
  return (message.data as { code: number | null }).code;
}

describe('connection refusals', () => {
  it('closes with 4001 for an unknown app key', async () => {
    await start();
    const client = await raw({ key: 'not-a-key', refused: true });
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4001);
    expect((await client.closed).code).toBe(4001);
  });

  it('treats a malformed escape in the app key as an unknown app', async () => {
    await start();
    const client = await raw({ key: '%E0%A4%A', refused: true });
    expect((await client.closed).code).toBe(4001);
  });

  it('counts connections per client behind a local proxy by X-Forwarded-For', async () => {
    await start({ limits: { maxConnectionsPerIp: 1 } });
    await raw({ forwardedFor: '198.51.100.1' });
    await raw({ forwardedFor: '198.51.100.2' });
    const second = await raw({ forwardedFor: '198.51.100.1', refused: true });
    expect((await second.closed).code).toBe(4100);
  });

  it('closes with 4009 for a foreign Origin and accepts an allowed one', async () => {
    await start({ allowedOrigins: ['https://flirtlane.co.uk'] });
    const foreign = await raw({ origin: 'https://evil.example', refused: true });
    expect(errorCode(await foreign.nextEvent('pusher:error'))).toBe(4009);
    expect((await foreign.closed).code).toBe(4009);
    const allowed = await raw({ origin: 'https://flirtlane.co.uk' });
    expect(allowed.socketId).toMatch(/^\d+\.\d+$/);
  });

  it('closes with 4100 beyond the connection limit and frees the slot on disconnect', async () => {
    await start({ limits: { maxConnections: 2 } });
    const first = await raw();
    await raw();
    const third = await raw({ refused: true });
    expect((await third.closed).code).toBe(4100);
    first.close();
    await first.closed;
    await expect.poll(() => node?.realtime.connectionCount()).toBe(1);
    expect((await raw()).socketId).not.toBe('');
  });

  it('limits connections per remote address', async () => {
    await start({ limits: { maxConnectionsPerIp: 1 } });
    await raw();
    const second = await raw({ refused: true });
    expect((await second.closed).code).toBe(4100);
  });

  it('closes with 4007 for an unsupported protocol version', async () => {
    await start();
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`ws://127.0.0.1:${node?.port}/app/${testApp.key}?protocol=3`);
    const code = await new Promise<number>((resolve) => ws.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4007);
  });

  it('does not take upgrades for other paths', async () => {
    await start();
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`ws://127.0.0.1:${node?.port}/socket`);
    await new Promise<void>((resolve) => ws.on('error', () => resolve()));
  });
});

describe('bad frames', () => {
  it('answers non-JSON, non-object and binary frames with an error and keeps serving', async () => {
    await start();
    const client = await raw();
    for (const frame of ['not json', '[]', '42', '{"data":{}}', '{"event":7}']) {
      client.send(frame);
      expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4200);
    }
    client.ws.send(Buffer.from([0, 1, 2]), { binary: true });
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4200);
    // 10k-deep nesting must not take the process down.
    client.send(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    await client.nextEvent('pusher:error');
    client.send({ event: 'pusher:ping', data: {} });
    await client.nextEvent('pusher:pong');
  });

  it('refuses frames over the size limit and drops the connection far beyond it', async () => {
    await start();
    const client = await raw();
    client.send({ event: 'client-x', channel: 'private-a', data: 'x'.repeat(11 * 1024) });
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4300);
    client.send({ event: 'pusher:ping', data: {} });
    await client.nextEvent('pusher:pong');
    client.send('x'.repeat(100 * 1024));
    expect((await client.closed).code).toBe(1009);
  });

  it('ignores prototype keys in frames', async () => {
    await start();
    const client = await raw();
    client.send('{"event":"pusher:subscribe","data":{"channel":"public","__proto__":{"polluted":true}}}');
    await client.nextEvent('pusher_internal:subscription_succeeded', 'public');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('subscriptions', () => {
  it('refuses private and presence subscriptions without a valid signature', async () => {
    await start();
    const client = await raw();
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-notifications.user.x' } });
    const missing = await client.nextEvent('pusher:subscription_error', 'private-notifications.user.x');
    expect(missing.data).toMatchObject({ type: 'AuthError', status: 401 });

    // A signature made for another socket cannot be replayed.
    const other = await raw();
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-x', auth: signChannel(testApp, other.socketId, 'private-x') },
    });
    expect((await client.nextEvent('pusher:subscription_error', 'private-x')).data).toMatchObject({
      status: 401,
    });

    // Presence data that does not match what was signed.
    const signed = JSON.stringify({ user_id: 'alice' });
    client.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'presence-online',
        auth: signChannel(testApp, client.socketId, 'presence-online', signed),
        channel_data: JSON.stringify({ user_id: 'admin' }),
      },
    });
    expect((await client.nextEvent('pusher:subscription_error', 'presence-online')).data).toMatchObject({
      status: 401,
    });

    // Signed, but without a user id.
    const noUser = JSON.stringify({ user_info: {} });
    client.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'presence-online',
        auth: signChannel(testApp, client.socketId, 'presence-online', noUser),
        channel_data: noUser,
      },
    });
    expect((await client.nextEvent('pusher:subscription_error', 'presence-online')).data).toMatchObject({
      status: 400,
    });
    expect(await node?.realtime.presence(testApp.id, 'presence-online')).toEqual([]);
  });

  it('refuses invalid channel names', async () => {
    await start();
    const client = await raw();
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel' } });
    await client.nextEvent('pusher:error');
    client.send({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(200) } });
    await client.nextEvent('pusher:error');
  });

  it('limits subscriptions per socket', async () => {
    await start({ limits: { maxSubscriptionsPerConnection: 3 } });
    const client = await raw();
    for (const name of ['a', 'b', 'c']) {
      expect((await client.subscribe(name)).event).toBe('pusher_internal:subscription_succeeded');
    }
    const fourth = await client.subscribe('d');
    expect(fourth.event).toBe('pusher:subscription_error');
    expect(fourth.data).toMatchObject({ status: 429 });
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'a' } });
    expect((await client.subscribe('d')).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('limits members per presence channel but lets a member open another tab', async () => {
    await start({ limits: { maxPresenceMembers: 1 } });
    const alice = await raw();
    expect((await alice.subscribe('presence-room', 'alice')).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
    const bob = await raw();
    const refused = await bob.subscribe('presence-room', 'bob');
    expect(refused.event).toBe('pusher:subscription_error');
    expect(refused.data).toMatchObject({ status: 429 });
    const aliceAgain = await raw();
    expect((await aliceAgain.subscribe('presence-room', 'alice')).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
    expect((await node?.realtime.presence(testApp.id, 'presence-room'))?.map((m) => m.user_id)).toEqual([
      'alice',
    ]);
    expect(alice.messages.filter((m) => m.event.startsWith('pusher_internal:member'))).toEqual([]);
  });

  it('stops delivering after unsubscribe', async () => {
    await start();
    const client = await raw();
    await client.subscribe('private-a');
    await client.subscribe('private-b');
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'private-a' } });
    client.send({ event: 'pusher:ping', data: {} });
    await client.nextEvent('pusher:pong');
    await node?.realtime.publish(testApp.id, ['private-a', 'private-b'], 'e', { n: 1 });
    const event = await client.nextEvent('e');
    expect(event.channel).toBe('private-b');
    expect(client.messages.filter((m) => m.event === 'e')).toEqual([]);
  });
});

describe('user sign-in', () => {
  function signin(client: RawClient, userId: string, secret = testApp.secret): void {
    const userData = JSON.stringify({ id: userId });
    client.send({
      event: 'pusher:signin',
      data: { auth: signUser({ key: testApp.key, secret }, client.socketId, userData), user_data: userData },
    });
  }

  it('accepts a signed sign-in and guards the server-to-user channel', async () => {
    await start();
    const client = await raw();
    expect((await client.subscribe('#server-to-user-alice')).event).toBe('pusher:subscription_error');
    signin(client, 'alice');
    expect((await client.nextEvent('pusher:signin_success')).data).toEqual({ user_data: '{"id":"alice"}' });
    expect((await client.subscribe('#server-to-user-alice')).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
    expect((await client.subscribe('#server-to-user-bob')).event).toBe('pusher:subscription_error');
    client.send({ event: 'client-x', channel: '#server-to-user-alice', data: {} });
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4300);
    // A socket cannot switch to another user.
    signin(client, 'bob');
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4009);
  });

  it('refuses a forged sign-in or user data without an id', async () => {
    await start();
    const client = await raw();
    signin(client, 'alice', 'wrong-secret');
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4009);
    const noId = JSON.stringify({ name: 'x' });
    client.send({
      event: 'pusher:signin',
      data: { auth: signUser(testApp, client.socketId, noId), user_data: noId },
    });
    expect(errorCode(await client.nextEvent('pusher:error'))).toBe(4009);
    expect(client.messages.filter((m) => m.event === 'pusher:signin_success')).toEqual([]);
  });
});

describe('client events', () => {
  it('are refused on public channels and from unsubscribed sockets', async () => {
    await start();
    const sender = await raw();
    const listener = await raw();
    await listener.subscribe('public-room');
    await listener.subscribe('private-room');
    await sender.subscribe('public-room');

    sender.send({ event: 'client-hi', channel: 'public-room', data: {} });
    expect(errorCode(await sender.nextEvent('pusher:error'))).toBe(4300);
    sender.send({ event: 'client-hi', channel: 'private-room', data: {} });
    expect(errorCode(await sender.nextEvent('pusher:error'))).toBe(4300);

    // A later server event shows the listener's queue is flowing and the client events never came.
    await node?.realtime.publish(testApp.id, ['private-room'], 'marker', {});
    await listener.nextEvent('marker');
    expect(listener.messages.filter((m) => m.event === 'client-hi')).toEqual([]);
  });

  it('are rate limited to 10 per second per socket with 4301', async () => {
    await start();
    const sender = await raw();
    const listener = await raw();
    await sender.subscribe('private-room');
    await listener.subscribe('private-room');
    for (let i = 0; i < 15; i += 1)
      sender.send({ event: 'client-typing', channel: 'private-room', data: { i } });
    const limited = await sender.nextEvent('pusher:error');
    expect(errorCode(limited)).toBe(4301);
    await node?.realtime.publish(testApp.id, ['private-room'], 'marker', {});
    await listener.nextEvent('marker');
    const received = listener.messages.filter((m) => m.event === 'client-typing');
    expect(received).toHaveLength(10);
    expect(sender.messages.filter((m) => m.event === 'client-typing')).toEqual([]);
  });
});

describe('slow consumers', () => {
  it('drops a socket that stops reading instead of queueing for it without bound', async () => {
    const started = await start({ limits: { maxBufferedBytes: 64 * 1024 } });
    // A hand-made WebSocket client that subscribes and then never reads a byte.
    const socket = connect(started.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `GET /app/${testApp.key}?protocol=7 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    const payload = Buffer.from(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'firehose' } }));
    // Client frames must be masked; an all-zero mask leaves the payload as is.
    socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
    socket.pause();
    const reader = await raw();
    await reader.subscribe('firehose');
    await expect.poll(() => started.realtime.connectionCount()).toBe(2);

    const chunk = 'x'.repeat(9000);
    for (let sent = 0; sent < 3000 && started.realtime.connectionCount() > 1; sent += 1) {
      await started.realtime.publish(testApp.id, ['firehose'], 'bulk', chunk);
      if (sent % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(() => started.realtime.connectionCount(), { timeout: 5000 }).toBe(1);
    socket.destroy();
  });
});

describe('liveness', () => {
  it('pings a silent client and closes with 4201 when no pong comes back', async () => {
    await start({ limits: { activityTimeoutSeconds: 1, pongTimeoutMs: 300 } });
    const answering = await raw();
    const silent = await raw();
    const ping = await silent.nextEvent('pusher:ping');
    expect(ping.event).toBe('pusher:ping');
    const pinged = await answering.nextEvent('pusher:ping');
    expect(pinged.event).toBe('pusher:ping');
    answering.send({ event: 'pusher:pong', data: {} });
    expect((await silent.closed).code).toBe(4201);
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    await start();
    const client = await raw();
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.nextEvent('pusher:pong')).event).toBe('pusher:pong');
  });

  it('sends 4200 to every client on close', async () => {
    const started = await start();
    const client = await raw();
    const closing = client.nextEvent('pusher:error');
    await started.stop();
    node = undefined;
    expect(errorCode(await closing)).toBe(4200);
    expect((await client.closed).code).toBe(4200);
  });
});
