import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, refreshStatistics } from './database';
import { executedRows } from './related-rows';

describe('PGlite planner statistics', () => {
  it('are there as soon as the database is open (PGlite has no autovacuum)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ukd-pglite-stats-'));
    const database = await openDatabase({ dataDir, databaseUrl: 'memory://' });
    try {
      // reltuples is -1 for a table never analyzed (PostgreSQL 14+).
      const rows = executedRows<{ relname: string; reltuples: number }>(
        await database.db.execute(
          sql`select relname, reltuples from pg_class where relname in ('users', 'conversations', 'messages', 'photos')`,
        ),
      );
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(Number(row.reltuples), row.relname).toBeGreaterThanOrEqual(0);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('find a row by key through its index even in a table of a few pages', async () => {
    // As a page's chatmates are read: one member by id per conversation. With PostgreSQL's
    // default cost of a page read out of order the planner scanned the whole (small) table each
    // time, and on PGlite each scan also asks the file's size through Emscripten (decisions.md).
    const dataDir = await mkdtemp(join(tmpdir(), 'ukd-pglite-costs-'));
    const database = await openDatabase({ dataDir, databaseUrl: 'memory://' });
    try {
      await database.db.execute(sql`create table few_pages (id integer primary key, note text)`);
      await database.db.execute(
        sql`insert into few_pages select g, repeat('x', 150) from generate_series(1, 44) g`,
      );
      await database.db.execute(sql`analyze few_pages`);
      const plan = executedRows<{ 'QUERY PLAN': string }>(
        await database.db.execute(sql`explain select note from few_pages where id = 7`),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index Scan using few_pages_pkey/);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('refreshStatistics', () => {
  it('analyzes once a table has grown, and not again until it moves', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite();
    try {
      await client.exec('create table grows (id integer, note text); analyze grows');
      expect(await refreshStatistics(client)).toBe(false);
      await client.exec(`insert into grows select g, repeat('x', 100) from generate_series(1, 3000) g`);
      expect(await refreshStatistics(client)).toBe(true);
      const { rows } = await client.query<{ reltuples: number }>(
        `select reltuples from pg_class where relname = 'grows'`,
      );
      expect(Number(rows[0]?.reltuples)).toBe(3000);
      expect(await refreshStatistics(client)).toBe(false);
    } finally {
      await client.close();
    }
  });
});
