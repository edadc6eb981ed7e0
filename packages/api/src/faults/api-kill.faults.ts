// Fault 1: the API process is killed with SIGKILL while members are sending, twice, and started
// again. Clients retry every unacknowledged send with its client_msg_id. Nothing acknowledged may
// be lost or stored twice, and every credit must be accounted for in the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRealtime, type TestRealtime } from '../test/realtime-kit';
import { type ApiProcess, startApiProcess } from './api-process';
import { type OwnPostgres, startOwnPostgres } from './own-services';
import { checkLedger, makePairs, Sender, sound, until, whileSending } from './sending-members';

const GRANTED = 1000;

describe('kill -9 the API mid-send', () => {
  let postgres: OwnPostgres;
  let realtime: TestRealtime;
  let api: ApiProcess;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    realtime = await startTestRealtime();
    api = await startApiProcess(postgres.url, realtime.port);
  });
  afterAll(async () => {
    await api?.destroy();
    await realtime?.close();
    await postgres?.destroy();
  });

  it('loses and doubles no acknowledged message or credit across two kills and restarts', async () => {
    const pairs = await makePairs(api.base, postgres.url, 4, GRANTED);
    const senders = pairs.map((pair) => new Sender(() => api.base, pair, 100_000).start());
    const cutInFlight: number[] = [];
    await whileSending(senders, api.output, async () => {
      for (let kill = 0; kill < 2; kill += 1) {
        const since = Date.now();
        await until(
          'sends before the kill',
          () => senders.every((s) => s.acknowledgedSince(since) >= 5),
          30_000,
        );
        // The senders post back to back, so requests are in flight when the process dies.
        cutInFlight.push(senders.filter((s) => s.inFlight).length);
        await api.kill();
        await api.start();
      }
      const restarted = Date.now();
      await until(
        'sends after the restart',
        () => senders.every((s) => s.acknowledgedSince(restarted) >= 5),
        30_000,
      );
    });

    const checks = await checkLedger(postgres.url, senders, GRANTED);
    const unanswered = senders.reduce((n, s) => n + s.failuresSince(0), 0);
    console.info(
      `kill -9: ${checks.reduce((n, c) => n + c.messages, 0)} messages stored and acknowledged, ` +
        `${cutInFlight.join(' + ')} sends in flight at the two kills, ${unanswered} unanswered attempts retried, ` +
        `${senders.reduce((n, s) => n + s.foundOnRetry, 0)} retries answered with the message the killed process had stored`,
    );
    expect(checks.filter((check) => !sound(check))).toEqual([]);
    expect(cutInFlight.every((n) => n > 0)).toBe(true);
    // The only failures are the cut connections: the restarted API never answered an error.
    expect(senders.flatMap((s) => [...s.failures.keys()]).filter((status) => status !== 0)).toEqual([]);
  });
});
