import Echo from 'laravel-echo';
import Pusher, { type Members, type PresenceChannel } from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connected,
  nextEvent,
  pusherClient,
  quietPeriod,
  startNode,
  subscribed,
  type TestNode,
  testApp,
} from './test-support';

let node: TestNode;
const clients: Pusher[] = [];

function client(auth: { user?: string; forge?: boolean } = {}): Pusher {
  const pusher = pusherClient(node.port, auth);
  clients.push(pusher);
  return pusher;
}

beforeEach(async () => {
  node = await startNode();
});

afterEach(async () => {
  for (const pusher of clients.splice(0)) pusher.disconnect();
  await node.stop();
});

describe('pusher-js against the server', () => {
  it('connects and receives a socket id and the activity timeout', async () => {
    const pusher = client();
    const socketId = await connected(pusher);
    expect(socketId).toMatch(/^\d+\.\d+$/);
    expect(pusher.connection.activityTimeout).toBe(30_000);
    expect(node.realtime.connectionCount()).toBe(1);
    expect(node.realtime.connectionCount(testApp.id)).toBe(1);
    expect(node.realtime.connectionCount('other-app')).toBe(0);
  });

  it('delivers published events on a public channel', async () => {
    const pusher = client();
    const channel = pusher.subscribe('site-news');
    await subscribed(channel);
    const received = nextEvent(channel, 'news.posted');
    await node.realtime.publish(testApp.id, ['site-news'], 'news.posted', { id: 1, title: 'Hello' });
    expect(await received).toEqual({ id: 1, title: 'Hello' });
  });

  it('subscribes to a private channel with a valid signature and receives its events', async () => {
    const pusher = client();
    const channel = pusher.subscribe('private-notifications.user.abc');
    await subscribed(channel);
    const received = nextEvent(channel, 'notification.created');
    await node.realtime.publish(testApp.id, ['private-notifications.user.abc'], 'notification.created', {
      n: 1,
    });
    expect(await received).toEqual({ n: 1 });
  });

  it('refuses a private channel signed with the wrong secret with a subscription error', async () => {
    const pusher = client({ forge: true });
    const channel = pusher.subscribe('private-credits.user.abc');
    const error = await nextEvent<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', status: 401 });
    const delivered = vi_spy(channel, 'credits.updated');
    await node.realtime.publish(testApp.id, ['private-credits.user.abc'], 'credits.updated', { credits: 5 });
    await quietPeriod(200);
    expect(delivered()).toBe(0);
  });

  it('refuses a presence channel signed with the wrong secret', async () => {
    const pusher = client({ user: 'mallory', forge: true });
    const channel = pusher.subscribe('presence-online');
    const error = await nextEvent<{ status: number }>(channel, 'pusher:subscription_error');
    expect(error.status).toBe(401);
    expect(await node.realtime.presence(testApp.id, 'presence-online')).toEqual([]);
  });

  it('announces a member on their first connection and removes them after their last', async () => {
    const watcher = client({ user: 'alice' });
    const watched = watcher.subscribe('presence-online') as PresenceChannel;
    const initial = await nextEvent<Members>(watched, 'pusher:subscription_succeeded');
    expect(initial.count).toBe(1);
    expect(initial.me).toMatchObject({ id: 'alice', info: { name: 'Member alice' } });

    const added: string[] = [];
    const removed: string[] = [];
    watched.bind('pusher:member_added', (member: { id: string }) => added.push(member.id));
    watched.bind('pusher:member_removed', (member: { id: string }) => removed.push(member.id));

    const bobPhone = client({ user: 'bob' });
    const bobAdded = nextEvent<{ id: string; info: unknown }>(watched, 'pusher:member_added');
    const phoneChannel = bobPhone.subscribe('presence-online') as PresenceChannel;
    const phoneMembers = await nextEvent<Members>(phoneChannel, 'pusher:subscription_succeeded');
    expect(phoneMembers.count).toBe(2);
    expect(await bobAdded).toEqual({ id: 'bob', info: { name: 'Member bob' } });

    // A second tab of the same member is not a new member.
    const bobLaptop = client({ user: 'bob' });
    await subscribed(bobLaptop.subscribe('presence-online'));
    expect(
      (await node.realtime.presence(testApp.id, 'presence-online')).map((m) => m.user_id).sort(),
    ).toEqual(['alice', 'bob']);
    // Counted by user, not by socket, and without reading the member list.
    expect(await node.realtime.presenceCount(testApp.id, 'presence-online')).toBe(2);

    bobPhone.disconnect();
    // The laptop is still there, so the member stays; a later event proves the quiet was not a stall.
    const tick = nextEvent(watched, 'tick');
    await node.realtime.publish(testApp.id, ['presence-online'], 'tick', {});
    await tick;
    await quietPeriod(100);
    expect(removed).toEqual([]);

    const bobGone = nextEvent<{ id: string }>(watched, 'pusher:member_removed');
    bobLaptop.disconnect();
    expect((await bobGone).id).toBe('bob');
    expect(added).toEqual(['bob']);
    expect(removed).toEqual(['bob']);
    expect(await node.realtime.presence(testApp.id, 'presence-online')).toEqual([
      { user_id: 'alice', user_info: { name: 'Member alice' } },
    ]);
  });

  it('relays client events to other subscribers only, not back to the sender', async () => {
    const alice = client({ user: 'alice' });
    const bob = client({ user: 'bob' });
    const aliceChannel = alice.subscribe('private-conversation.42');
    const bobChannel = bob.subscribe('private-conversation.42');
    await Promise.all([subscribed(aliceChannel), subscribed(bobChannel)]);
    const echoedToSender = vi_spy(aliceChannel, 'client-typing');
    const received = nextEvent(bobChannel, 'client-typing');
    expect(aliceChannel.trigger('client-typing', { typing: true })).toBe(true);
    expect(await received).toEqual({ typing: true });
    await quietPeriod(100);
    expect(echoedToSender()).toBe(0);
  });

  it('adds the sender user_id to client events on presence channels', async () => {
    const alice = client({ user: 'alice' });
    const bob = client({ user: 'bob' });
    const aliceChannel = alice.subscribe('presence-conversation.7');
    await subscribed(aliceChannel);
    const bobChannel = bob.subscribe('presence-conversation.7');
    await subscribed(bobChannel);
    const received = new Promise<{ data: unknown; userId: string | undefined }>((resolve) =>
      bobChannel.bind('client-wink', (data: unknown, metadata: { user_id?: string }) =>
        resolve({ data, userId: metadata?.user_id }),
      ),
    );
    aliceChannel.trigger('client-wink', { at: 1 });
    expect(await received).toEqual({ data: { at: 1 }, userId: 'alice' });
  });

  it('excludes the socket passed as socketId when publishing (toOthers)', async () => {
    const sender = client();
    const other = client();
    const senderChannel = sender.subscribe('private-conversation.9');
    const otherChannel = other.subscribe('private-conversation.9');
    await Promise.all([subscribed(senderChannel), subscribed(otherChannel)]);
    const senderSocket = await connected(sender);
    const toSender = vi_spy(senderChannel, 'message.sent');
    const received = nextEvent(otherChannel, 'message.sent');
    await node.realtime.publish(
      testApp.id,
      ['private-conversation.9'],
      'message.sent',
      { id: 3 },
      {
        socketId: senderSocket,
      },
    );
    expect(await received).toEqual({ id: 3 });
    await quietPeriod(100);
    expect(toSender()).toBe(0);
  });

  it('signs a user in and delivers events sent to that user', async () => {
    const pusher = client({ user: 'alice' });
    pusher.signin();
    await pusher.user.signinDonePromise;
    expect(pusher.user.user_data).toEqual({ id: 'alice' });
    await subscribed(pusher.user.serverToUserChannel);
    const received = new Promise<unknown>((resolve) => pusher.user.bind('credits.updated', resolve));
    await node.realtime.publish(testApp.id, ['#server-to-user-alice'], 'credits.updated', { credits: 9 });
    expect(await received).toEqual({ credits: 9 });
  });

  it('terminates every connection of a signed-in user, and they stay disconnected', async () => {
    const phone = client({ user: 'alice' });
    const laptop = client({ user: 'alice' });
    const other = client({ user: 'bob' });
    for (const pusher of [phone, laptop, other]) {
      pusher.signin();
      await pusher.user.signinDonePromise;
    }
    expect(node.realtime.connectionCount()).toBe(3);
    const disconnected = (pusher: Pusher) =>
      new Promise<void>((resolve) => {
        pusher.connection.bind('state_change', (change: { current: string }) => {
          if (change.current === 'disconnected') resolve();
        });
      });
    const bothGone = Promise.all([disconnected(phone), disconnected(laptop)]);
    await node.realtime.terminateUserConnections(testApp.id, 'alice');
    await bothGone;
    await expect.poll(() => node.realtime.connectionCount()).toBe(1);
    expect(other.connection.state).toBe('connected');
  });

  it('rejects a sign-in signed with the wrong secret', async () => {
    const pusher = client({ user: 'mallory', forge: true });
    const error = new Promise<{ data?: { code: number } }>((resolve) =>
      pusher.connection.bind('error', (event: { data?: { code: number } }) => resolve(event)),
    );
    await connected(pusher);
    pusher.signin();
    expect((await error).data?.code).toBe(4009);
    expect(pusher.user.user_data).toBeNull();
  });

  it('reconnects, resubscribes and receives new events after the server restarts on the same port', async () => {
    const pusher = client();
    const states: string[] = [];
    pusher.connection.bind('state_change', (change: { current: string }) => states.push(change.current));
    const channel = pusher.subscribe('private-notifications.user.r1');
    await subscribed(channel);
    const firstSocket = await connected(pusher);
    const port = node.port;
    const serverClosing = new Promise<{ code: number }>((resolve) =>
      pusher.connection.bind('error', (error: { data?: { code: number } }) => {
        if (error.data) resolve(error.data);
      }),
    );

    await node.stop();
    expect((await serverClosing).code).toBe(4200);
    // pusher-js retries at once on 4200; if that attempt lands before the new process listens, it
    // waits out its fixed 15 s connect timeout before trying again, so allow for either path.
    const resubscribed = nextEvent(channel, 'pusher:subscription_succeeded', 25_000);
    node = await startNode({}, port);
    await resubscribed;
    const secondSocket = await connected(pusher);
    expect(secondSocket).not.toBe(firstSocket);
    const received = nextEvent(channel, 'notification.created');
    await node.realtime.publish(testApp.id, ['private-notifications.user.r1'], 'notification.created', {
      n: 2,
    });
    expect(await received).toEqual({ n: 2 });
    expect(states).toContain('connecting');
  }, 30_000);
});

describe('laravel-echo against the server', () => {
  function echo(user: string, broadcaster: 'pusher' | 'reverb', forge = false): Echo<'pusher' | 'reverb'> {
    const instance = new Echo({
      broadcaster: broadcaster as 'reverb',
      key: testApp.key,
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: node.port,
      wssPort: node.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      authEndpoint: `http://127.0.0.1:${node.port}/auth?user=${user}${forge ? '&forge=1' : ''}`,
      Pusher,
    });
    clients.push(instance.connector.pusher as Pusher);
    return instance;
  }

  it.each(['pusher', 'reverb'] as const)(
    'listens on a private channel (%s broadcaster)',
    async (broadcaster) => {
      const member = echo('carol', broadcaster);
      const received = new Promise<unknown>((resolve) => {
        member
          .private('notifications.user.carol')
          .subscribed(() => {
            void node.realtime.publish(
              testApp.id,
              ['private-notifications.user.carol'],
              'notification.created',
              {
                type: 'PROFILE_WINK',
              },
            );
          })
          .listen('.notification.created', resolve);
      });
      expect(await received).toEqual({ type: 'PROFILE_WINK' });
    },
  );

  it('reports an error for a channel the auth endpoint signs wrongly', async () => {
    const member = echo('dave', 'reverb', true);
    const failure = await new Promise<{ status: number }>((resolve) => {
      member.private('credits.user.erin').error(resolve);
    });
    expect(failure.status).toBe(401);
  });

  it('tracks presence with here, joining and leaving, and whispers', async () => {
    const carol = echo('carol', 'reverb');
    const dave = echo('dave', 'reverb');
    const joined = new Promise<{ id: string }>((resolve) => {
      const here = new Promise<void>((hereResolve) => {
        carol
          .join('conversation.5')
          .here((members: Array<{ name: string }>) => {
            expect(members).toEqual([{ name: 'Member carol' }]);
            hereResolve();
          })
          .joining(resolve);
      });
      void here.then(() => dave.join('conversation.5'));
    });
    expect(await joined).toEqual({ name: 'Member dave' });

    const whisper = new Promise<unknown>((resolve) => {
      carol.join('conversation.5').listenForWhisper('typing', resolve);
    });
    dave.join('conversation.5').whisper('typing', { typing: true });
    expect(await whisper).toEqual({ typing: true });

    const left = new Promise<unknown>((resolve) => carol.join('conversation.5').leaving(resolve));
    dave.leave('conversation.5');
    expect(await left).toEqual({ name: 'Member dave' });
  });
});

/** Counts deliveries of one event, to show it never arrived. */
function vi_spy(channel: { bind: (event: string, cb: () => void) => unknown }, event: string): () => number {
  let count = 0;
  channel.bind(event, () => {
    count += 1;
  });
  return () => count;
}
