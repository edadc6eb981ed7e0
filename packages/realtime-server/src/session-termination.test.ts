import { afterEach, describe, expect, it } from 'vitest';
import { signChannel } from './channel-auth';
import { terminateUserConnections } from './pusher-http-client';
import { RawClient, startNode, type TestNode, testApp } from './test-support';

let node: TestNode | undefined;
afterEach(async () => {
  await node?.stop();
  node = undefined;
});

/** Subscribes the way pusher-js does when the auth endpoint answers channel_data for a private channel. */
async function subscribeFor(client: RawClient, channel: string, userId: string) {
  const channelData = JSON.stringify({ user_id: userId });
  client.send({
    event: 'pusher:subscribe',
    data: {
      channel,
      channel_data: channelData,
      auth: signChannel(testApp, client.socketId, channel, channelData),
    },
  });
  return client.next((m) => m.channel === channel && m.event.includes('subscription'));
}

describe('terminate_connections reaches sockets whose private subscriptions were signed for the id (issue #13 item 2)', () => {
  it('closes only the sockets authorised for that session, with 4009, through the HTTP API', async () => {
    node = await startNode();
    const revoked = await RawClient.connect(node.port);
    const other = await RawClient.connect(node.port);
    expect((await subscribeFor(revoked, 'private-notifications.user.u1', 'session.a')).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
    expect((await subscribeFor(other, 'private-notifications.user.u1', 'session.b')).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
    await terminateUserConnections(
      { host: '127.0.0.1', port: node.port, appId: testApp.id, key: testApp.key, secret: testApp.secret },
      'session.a',
    );
    expect((await revoked.closed).code).toBe(4009);
    // The other session's socket stays open and subscribed.
    other.send({ event: 'pusher:ping', data: {} });
    expect((await other.nextEvent('pusher:pong')).event).toBe('pusher:pong');
    other.close();
  });

  it('refuses channel_data the auth did not sign, and keeps plain private auth working', async () => {
    node = await startNode();
    const client = await RawClient.connect(node.port);
    const channel = 'private-notifications.user.u2';
    client.send({
      event: 'pusher:subscribe',
      // Signed without channel_data, then a tag added: the signature no longer matches.
      data: {
        channel,
        channel_data: '{"user_id":"x"}',
        auth: signChannel(testApp, client.socketId, channel),
      },
    });
    expect((await client.nextEvent('pusher:subscription_error')).data).toMatchObject({ status: 401 });
    expect((await client.subscribe(channel)).event).toBe('pusher_internal:subscription_succeeded');
    client.close();
  });

  it('in process: terminateUserConnections closes a tagged socket', async () => {
    node = await startNode();
    const client = await RawClient.connect(node.port);
    await subscribeFor(client, 'private-credits.user.u3', 'session.c');
    await node.realtime.terminateUserConnections(testApp.id, 'session.c');
    expect((await client.closed).code).toBe(4009);
  });
});
