// Fault 2: PostgreSQL is shut down (fast: sessions terminated) while members are sending, stays
// away for a while, and starts again. While it is away the API answers 503 promptly (not 500, and
// no request hangs); once it is back the API serves again by itself, without a restart, and
// nothing acknowledged was lost or stored twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRealtime, type TestRealtime } from '../test/realtime-kit';
import { type ApiProcess, startApiProcess } from './api-process';
import { checkLedger, sound } from './ledger-check';
import { type OwnPostgres, startOwnPostgres } from './own-services';
import { call, makePairs, Sender, until, whileSending } from './sending-members';

const GRANTED = 1000;
/** The API's bound on reaching the database (database.ts) plus slack for a loaded machine. */
const PROMPT_MS = 8000;

describe('restart PostgreSQL while members are sending', () => {
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

  it('answers 503 while the database is away, recovers alone, and loses or doubles nothing', async () => {
    const pairs = await makePairs(api.base, postgres.url, 4, GRANTED);
    const reader = pairs[0]!.recipient;
    const senders = pairs.map((pair) => new Sender(() => api.base, pair, 100_000).start());
    let whileAway: Awaited<ReturnType<typeof call>>[] = [];
    await whileSending(senders, api.output, async () => {
      const since = Date.now();
      await until(
        'sends before the outage',
        () => senders.every((s) => s.acknowledgedSince(since) >= 5),
        30_000,
      );
      await postgres.stop();
      await until('503s from every sender', () => senders.every((s) => s.failuresSince(503) >= 3), 20_000);
      // Member reads and a login, while the database is still away.
      whileAway = await Promise.all([
        call(api.base, 'POST', '/me', { token: reader.token }),
        call(api.base, 'GET', '/user-conversations', { token: reader.token }),
        call(api.base, 'POST', '/login', { body: { email: 'nobody@example.com', password: 'Whatever-123' } }),
      ]);
      await postgres.start();
      const back = Date.now();
      await until(
        'sends acknowledged again',
        () => senders.every((s) => s.acknowledgedSince(back) >= 5),
        30_000,
      );
    });

    const checks = await checkLedger(postgres.url, senders, GRANTED);
    const statuses = new Map<number, number>();
    for (const s of senders)
      for (const [status, n] of s.failures) statuses.set(status, (statuses.get(status) ?? 0) + n);
    const slowest503 = Math.max(...senders.map((s) => s.slowest.get(503) ?? 0));
    console.info(
      `PostgreSQL restart: ${checks.reduce((n, c) => n + c.messages, 0)} messages stored and acknowledged, ` +
        `failed attempts by status ${JSON.stringify(Object.fromEntries(statuses))}, slowest 503 ${slowest503} ms, ` +
        `while away: ${whileAway.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}`,
    );
    expect(whileAway.map((a) => a.status)).toEqual([503, 503, 503]);
    expect(whileAway.every((a) => a.ms < PROMPT_MS && a.json?.message)).toBe(true);
    // Every failed attempt was a prompt 503: never a 500, a cut connection or a hang.
    expect([...statuses.keys()]).toEqual([503]);
    expect(slowest503).toBeLessThan(PROMPT_MS);
    expect(api.alive()).toBe(true);
    expect(checks.filter((check) => !sound(check))).toEqual([]);
  });
});
