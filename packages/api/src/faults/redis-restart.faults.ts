// Fault 3: two realtime nodes joined through the suite's own Redis; recipients' pusher-js clients
// on both; the API publishes through node A. Redis is killed (SIGKILL) while members are sending,
// stays away, and starts again empty. Every acknowledged message must reach its recipient's
// client, live or by the catch-up by id the client runs after each (re)subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRealtime, type TestRealtime } from '../test/realtime-kit';
import { type ApiProcess, startApiProcess } from './api-process';
import { ChatClient } from './chat-client';
import { checkLedger, sound } from './ledger-check';
import { type OwnPostgres, type OwnRedis, startOwnPostgres, startOwnRedis } from './own-services';
import { makePairs, Sender, until, whileSending } from './sending-members';

const GRANTED = 1000;

describe('restart Redis under two realtime nodes while members are sending', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let nodeA: TestRealtime;
  let nodeB: TestRealtime;
  let api: ApiProcess;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    const cluster = { redisUrl: redis.url, redisKeyPrefix: 'faults:', redisHeartbeatMs: 200 };
    nodeA = await startTestRealtime(cluster);
    nodeB = await startTestRealtime(cluster);
    api = await startApiProcess(postgres.url, nodeA.port);
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await api?.destroy();
    await nodeA?.close();
    await nodeB?.close();
    await redis?.destroy();
    await postgres?.destroy();
  });

  it('reconnects the clients, which catch up by id: nothing acknowledged is lost', async () => {
    const pairs = await makePairs(api.base, postgres.url, 4, GRANTED);
    // Half the recipients on each node: node B's only see events through Redis.
    pairs.forEach((pair, i) => {
      clients.push(new ChatClient(api.base, (i % 2 ? nodeA : nodeB).port, pair));
    });
    await until('every client subscribed', () => clients.every((c) => c.subscriptions === 1), 15_000);
    const senders = pairs.map((pair) => new Sender(() => api.base, pair, 100_000).start());
    let during = 0;
    await whileSending(senders, api.output, async () => {
      await until('live deliveries', () => clients.every((c) => c.arrivedLive.size >= 3), 30_000);
      await redis.kill();
      const down = Date.now();
      // Sending does not need Redis: messages are acknowledged all through the outage.
      await until(
        'sends while Redis is away',
        () => senders.every((s) => s.acknowledgedSince(down) >= 5),
        30_000,
      );
      during = senders.reduce((n, s) => n + s.acknowledgedSince(down), 0);
      await redis.start();
      await until('every client resubscribed', () => clients.every((c) => c.subscriptions >= 2), 30_000);
      const back = Date.now();
      await until(
        'sends after Redis is back',
        () => senders.every((s) => s.acknowledgedSince(back) >= 5),
        30_000,
      );
    });

    const missing = () =>
      clients.map((c, i) => senders[i]!.acknowledged.filter((a) => !c.held.has(a.messageId)).length);
    await until(
      'every acknowledged message held by its recipient',
      () => missing().every((n) => n === 0),
      15_000,
    ).catch((error: Error) => {
      error.message += `\nmissing per client: ${missing().join(', ')}`;
      throw error;
    });
    const checks = await checkLedger(postgres.url, senders, GRANTED);
    const stored = checks.reduce((n, c) => n + c.messages, 0);
    const caughtUp = clients.reduce((n, c) => n + c.arrivedByCatchUp.size, 0);
    const live = clients.reduce((n, c) => n + c.arrivedLive.size, 0);
    console.info(
      `Redis restart: ${stored} messages acknowledged (${during} while Redis was away), ` +
        `${live} received live and ${caughtUp} by catch-up, subscriptions per client ${clients.map((c) => c.subscriptions).join(', ')}`,
    );
    expect(checks.filter((check) => !sound(check))).toEqual([]);
    // Nothing the clients hold is unknown to the database.
    for (const [i, client] of clients.entries()) {
      const acknowledged = new Set(senders[i]!.acknowledged.map((a) => a.messageId));
      expect([...client.held].filter((id) => !acknowledged.has(id))).toEqual([]);
    }
    // What was sent while Redis was away reached node B's clients only through the catch-up.
    expect(caughtUp).toBeGreaterThan(0);
  });
});
