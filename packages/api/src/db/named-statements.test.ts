import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, TEST_DATABASE_URL } from '../test/harness';
import type { Db } from './database';
import { openDatabase } from './database';
import { NAMED_STATEMENTS_PER_CONNECTION } from './named-statements';
import { preparedPerShape, SHAPES_KEPT } from './prepared-statement';
import { executedRows } from './related-rows';
import { throwawayDatabase } from './throwaway-database';

/** One connection (a pool of one on PostgreSQL), so `pg_prepared_statements` sees every statement. */
async function openOneConnection(driver: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'ukd-named-'));
  const server = driver === 'postgres' ? await throwawayDatabase(TEST_DATABASE_URL, 'api_named') : null;
  if (driver === 'postgres' && !server)
    throw new Error(`PostgreSQL is not reachable at ${TEST_DATABASE_URL}`);
  const database = await openDatabase({ dataDir, databaseUrl: server?.url, poolSize: 1 });
  return {
    db: database.db,
    async close() {
      await database.close();
      await server?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const one = async <R>(db: Db, query: ReturnType<typeof sql>) =>
  executedRows<R>(await db.execute(query))[0] as R;

describe.each(drivers)('named statements on $driver', ({ driver, skip }) => {
  it.skipIf(skip)(
    'keeps at most a bound per connection: past it new shapes run unnamed, with the same answers',
    async () => {
      const { db, close } = await openOneConnection(driver);
      try {
        const hot = (n: number) => sql`select ${n}::integer + 1 as n /* hot */`;
        expect(await one<{ n: number }>(db, hot(1))).toEqual({ n: 2 });
        // As a member asking for browse with every mix of filters would: one new shape after another.
        for (let i = 0; i < NAMED_STATEMENTS_PER_CONNECTION + 40; i += 1) {
          const row = await one<Record<string, number>>(db, sql`select ${i}::integer as ${sql.raw(`n${i}`)}`);
          expect(row).toEqual({ [`n${i}`]: i });
        }
        expect(await one<{ n: number }>(db, hot(41))).toEqual({ n: 42 });
        const kept = await one<{ named: number; hot: number }>(
          db,
          sql`select count(*)::integer as named,
                     (count(*) filter (where statement like '%/* hot */%'))::integer as hot
              from pg_prepared_statements`,
        );
        expect(kept).toEqual({ named: NAMED_STATEMENTS_PER_CONNECTION, hot: 1 });
      } finally {
        await close();
      }
    },
    60_000,
  );
});

describe('preparedPerShape', () => {
  it('keeps the most recently used shapes per handle, and makes a dropped one again when asked', () => {
    const made: string[] = [];
    const statementFor = preparedPerShape(
      (shape: string) => shape,
      (_db, shape) => {
        made.push(shape);
        return { shape };
      },
    );
    const db = {} as Db;
    const first = statementFor(db, 'hot');
    for (let i = 0; i < SHAPES_KEPT - 1; i += 1) statementFor(db, `shape ${i}`);
    expect(made).toHaveLength(SHAPES_KEPT);
    // Used again just before the handle is full, so the oldest other shape goes instead.
    expect(statementFor(db, 'hot')).toBe(first);
    statementFor(db, 'one more');
    expect(made).toHaveLength(SHAPES_KEPT + 1);
    expect(statementFor(db, 'hot')).toBe(first);
    statementFor(db, 'shape 0');
    expect(made.at(-1)).toBe('shape 0');
    expect(made).toHaveLength(SHAPES_KEPT + 2);
    // Another handle has shapes of its own.
    statementFor({} as Db, 'hot');
    expect(made.at(-1)).toBe('hot');
  });
});
