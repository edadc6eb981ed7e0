import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUser } from './channel-auth';
import { md5Hex, signRequest } from './http-signature';
import {
  type PusherHttpTarget,
  signedRequest,
  terminateUserConnections,
  triggerBatch,
  triggerEvents,
} from './pusher-http-client';
import { RawClient, startNode, type TestNode, testApp } from './test-support';

let node: TestNode;
let target: PusherHttpTarget;
const raws: RawClient[] = [];

async function raw(): Promise<RawClient> {
  const client = await RawClient.connect(node.port);
  raws.push(client);
  return client;
}

beforeEach(async () => {
  node = await startNode();
  target = {
    host: '127.0.0.1',
    port: node.port,
    appId: testApp.id,
    key: testApp.key,
    secret: testApp.secret,
  };
});

afterEach(async () => {
  for (const client of raws.splice(0)) client.close();
  await node.stop();
});

/** Sends a request with hand-made query parameters, to tamper with one field at a time. */
function send(method: string, path: string, query: Record<string, string>, body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: node.port, method, path: `${path}?${new URLSearchParams(query)}` },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function signedQuery(method: string, path: string, body: string, overrides: Record<string, string> = {}) {
  const query: Record<string, string> = {
    auth_key: testApp.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: md5Hex(body),
    ...overrides,
  };
  query.auth_signature = signRequest(testApp.secret, method, path, Object.entries(query));
  return query;
}

describe('Pusher HTTP API', () => {
  it('triggers an event with a signed request from the bundled client', async () => {
    const client = await raw();
    await client.subscribe('private-notifications.user.u1');
    await triggerEvents(target, ['private-notifications.user.u1'], 'notification.created', { id: 7 });
    const event = await client.nextEvent('notification.created', 'private-notifications.user.u1');
    expect(event.data).toEqual({ id: 7 });
  });

  it('excludes the socket given as socket_id', async () => {
    const sender = await raw();
    const other = await raw();
    await sender.subscribe('private-conversation.1');
    await other.subscribe('private-conversation.1');
    await triggerEvents(target, ['private-conversation.1'], 'message.sent', { id: 1 }, sender.socketId);
    await triggerEvents(target, ['private-conversation.1'], 'message.sent', { id: 2 });
    expect((await other.nextEvent('message.sent')).data).toEqual({ id: 1 });
    expect((await other.nextEvent('message.sent')).data).toEqual({ id: 2 });
    // The sender's first event is the unexcluded one: nothing arrived before it.
    expect((await sender.nextEvent('message.sent')).data).toEqual({ id: 2 });
  });

  it('delivers batch_events in order', async () => {
    const client = await raw();
    await client.subscribe('private-credits.user.u2');
    await triggerBatch(target, [
      { channel: 'private-credits.user.u2', name: 'credits.updated', data: { credits: 1 } },
      { channel: 'private-credits.user.u2', name: 'credits.updated', data: { credits: 2 } },
    ]);
    expect((await client.nextEvent('credits.updated')).data).toEqual({ credits: 1 });
    expect((await client.nextEvent('credits.updated')).data).toEqual({ credits: 2 });
  });

  it('lists occupied channels, channel info and presence users', async () => {
    const alice = await raw();
    const bob = await raw();
    await alice.subscribe('presence-online', 'alice');
    await bob.subscribe('presence-online', 'bob');
    await bob.subscribe('private-conversation.3');

    const all = await signedRequest(target, 'GET', '/channels');
    expect(JSON.parse(all.body)).toEqual({
      channels: { 'presence-online': {}, 'private-conversation.3': {} },
    });

    const presence = await signedRequest(target, 'GET', '/channels', undefined, {
      filter_by_prefix: 'presence-',
      info: 'user_count',
    });
    expect(JSON.parse(presence.body)).toEqual({ channels: { 'presence-online': { user_count: 2 } } });

    const info = await signedRequest(target, 'GET', '/channels/presence-online', undefined, {
      info: 'user_count,subscription_count',
    });
    expect(JSON.parse(info.body)).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });

    const empty = await signedRequest(target, 'GET', '/channels/private-nobody');
    expect(JSON.parse(empty.body)).toEqual({ occupied: false });

    const users = await signedRequest(target, 'GET', '/channels/presence-online/users');
    expect(
      JSON.parse(users.body)
        .users.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual(['alice', 'bob']);

    const notPresence = await signedRequest(target, 'GET', '/channels/private-conversation.3/users');
    expect(notPresence.status).toBe(400);
  });

  it('terminates the connections of a signed-in user', async () => {
    const alice = await raw();
    const bob = await raw();
    for (const [client, id] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      const userData = JSON.stringify({ id });
      client.send({
        event: 'pusher:signin',
        data: { auth: signUser(testApp, client.socketId, userData), user_data: userData },
      });
      await client.nextEvent('pusher:signin_success');
    }
    await terminateUserConnections(target, 'alice');
    expect((await alice.closed).code).toBe(4009);
    expect(bob.ws.readyState).toBe(bob.ws.OPEN);
    const unsigned = await send('POST', `/apps/${testApp.id}/users/bob/terminate_connections`, {}, '{}');
    expect(unsigned).toBe(401);
  });

  it('refuses a tampered signature, wrong key, stale timestamp and mismatched body', async () => {
    const path = `/apps/${testApp.id}/events`;
    const body = JSON.stringify({ name: 'x', channel: 'public', data: '{}' });
    expect(await send('POST', path, signedQuery('POST', path, body), body)).toBe(200);

    const tampered = { ...signedQuery('POST', path, body), auth_signature: 'a'.repeat(64) };
    expect(await send('POST', path, tampered, body)).toBe(401);

    expect(
      await send('POST', path, signedQuery('POST', path, body, { auth_key: 'someone-else' }), body),
    ).toBe(401);

    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    expect(await send('POST', path, signedQuery('POST', path, body, { auth_timestamp: stale }), body)).toBe(
      401,
    );

    const otherBody = JSON.stringify({ name: 'y', channel: 'public', data: '{}' });
    expect(await send('POST', path, signedQuery('POST', path, body), otherBody)).toBe(401);

    // Signed with the wrong secret.
    const query = signedQuery('POST', path, body);
    query.auth_signature = signRequest('wrong-secret', 'POST', path, Object.entries(query));
    expect(await send('POST', path, query, body)).toBe(401);
  });

  it('answers 404 for an unknown app and leaves other paths to the host server', async () => {
    const unknown = await signedRequest({ ...target, appId: 'nope' }, 'POST', '/events', {
      name: 'x',
      channels: ['a'],
      data: '{}',
    });
    expect(unknown.status).toBe(404);
    expect(await send('GET', '/api/settings', {})).toBe(404);
    expect(await send('GET', '/apps/%E0%A4%A/channels', {})).toBe(404);
    expect(
      await send(
        'GET',
        `/apps/${testApp.id}/channels/%E0%A4%A`,
        signedQuery('GET', `/apps/${testApp.id}/channels/%E0%A4%A`, ''),
      ),
    ).toBe(400);
  });

  it('validates event payloads', async () => {
    const tooBig = await signedRequest(target, 'POST', '/events', {
      name: 'x',
      channels: ['a'],
      data: 'x'.repeat(11 * 1024),
    });
    expect(tooBig.status).toBe(413);
    const badChannel = await signedRequest(target, 'POST', '/events', {
      name: 'x',
      channels: ['bad channel!'],
      data: '',
    });
    expect(badChannel.status).toBe(400);
    const tooMany = await signedRequest(target, 'POST', '/events', {
      name: 'x',
      channels: Array.from({ length: 101 }, (_, i) => `c${i}`),
      data: '',
    });
    expect(tooMany.status).toBe(400);
    const noName = await signedRequest(target, 'POST', '/events', { channels: ['a'], data: '' });
    expect(noName.status).toBe(400);
    const badSocket = await signedRequest(target, 'POST', '/events', {
      name: 'x',
      channels: ['a'],
      data: '',
      socket_id: 'abc',
    });
    expect(badSocket.status).toBe(400);
    const batchTooLong = await signedRequest(target, 'POST', '/batch_events', {
      batch: Array.from({ length: 11 }, () => ({ channel: 'a', name: 'x', data: '' })),
    });
    expect(batchTooLong.status).toBe(400);

    const path = `/apps/${testApp.id}/events`;
    const notJson = '{"name":';
    expect(await send('POST', path, signedQuery('POST', path, notJson), notJson)).toBe(400);
    const huge = 'x'.repeat(300 * 1024);
    expect(await send('POST', path, signedQuery('POST', path, huge), huge)).toBe(413);
  });

  it('rejects the same bad input from the in-process publish', async () => {
    await expect(node.realtime.publish(testApp.id, ['bad channel'], 'x', {})).rejects.toThrow(
      /Invalid channel/,
    );
    await expect(node.realtime.publish('nope', ['a'], 'x', {})).rejects.toThrow(/Unknown app/);
    await expect(node.realtime.publish(testApp.id, ['a'], 'x', 'x'.repeat(20_000))).rejects.toThrow(
      /exceeds/,
    );
  });
});
