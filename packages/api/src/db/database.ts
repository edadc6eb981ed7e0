import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './database-unavailable';
import { freshMemoryPGlite } from './fresh-pglite';
import { NAMED_STATEMENTS_PER_CONNECTION } from './named-statements';
import { PGliteClient } from './pglite-client';
import { connectionsPerProcess } from './pool-size';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder both drivers share; code outside this module never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (from any process on this database), and
   * `onLost` when notifications may have been missed (the listening connection dropped; it is
   * reopened). Answers a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Sends each of `payloads` as a NOTIFY on `channel` to the other processes on this database, in
   * a statement of its own that commits without waiting for the disk: these notices are hints to
   * caches, and a transaction holding a notice keeps PostgreSQL's one notify lock until its
   * commit is flushed. None on PGlite, which only this process can open.
   */
  announce(channel: string, payloads: string[]): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Arbitrary constant: serialises migrations when several API processes start against one PostgreSQL.
const MIGRATION_LOCK_ID = 727_100_3;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Opens the database named by `databaseUrl` and applies pending migrations:
 * `postgres://…` is PostgreSQL, `memory://` an in-memory PGlite (tests), anything else
 * (including nothing) PGlite on disk under `${dataDir}/pglite`.
 */
export async function openDatabase(opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number | undefined;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? connectionsPerProcess(),
      // Fault tolerance (issue #13): reaching the server, or waiting for a free pooled connection,
      // gives up after this long, so a request fails (503, isDatabaseUnavailable) instead of
      // hanging while the database is away. The pool drops broken connections and opens new
      // ones on demand, so it recovers by itself once the server is back.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    pool.on('connect', preparedStatements);
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // pg-pool listens for errors only on idle connections: one checked out (a transaction between
    // two queries) that the server drops emitted an unhandled 'error' and killed the process (the
    // fault suite's PostgreSQL restart). Its next query fails instead (503), and the pool discards
    // it on release.
    pool.on('connect', (client) => client.on('error', (err) => opts.onIdleError?.(err)));
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const url = opts.databaseUrl;
    return {
      db,
      driver: 'postgres',
      listen: (...args) => listenPostgres(url, ...args),
      announce: async (channel, payloads) => {
        await pool.query(
          "select set_config('synchronous_commit', 'off', true), pg_notify($1, payload) from unnest($2::text[]) payload",
          [channel, payloads],
        );
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if (opts.databaseUrl === 'memory://') {
    client = await freshMemoryPGlite();
  } else {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGliteClient(dir);
  }
  await client.waitReady;
  // PGlite's files are on this machine's disk, read through the OS's cache: fetching a page out
  // of order costs about what the next one does, as on the SSDs PostgreSQL's own docs suggest
  // 1.1 for. With the default of 4 the planner scanned whole tables of a few pages for single
  // rows (a member card per conversation), each scan asking the file's size through Emscripten's
  // file system: 27 of those per conversation list, 11 with index lookups (0.1 ms less per list).
  await client.exec('set random_page_cost = 1.1');
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  const stopAnalyzing = await keepStatistics(client);
  return {
    db: pgliteDb as unknown as Db,
    driver: 'pglite',
    // One process owns PGlite: a NOTIFY reaches the listener before the writer's query resolves.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    announce: async () => {},
    close: async () => {
      stopAnalyzing();
      await client.close();
    },
  };
}

/** How often PGlite's tables are checked for having grown or shrunk since they were analyzed. */
const PGLITE_STATISTICS_CHECK_MS = 15_000;

/** Tables whose size on disk is a fifth or more away from what their last ANALYZE recorded. */
const STALE_TABLES = `select count(*)::integer as stale from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
    and abs(pg_relation_size(c.oid) / 8192 - c.relpages) > c.relpages * 0.2`;

/** ANALYZE when a table's size has moved since its statistics were taken; true if it ran. */
export async function refreshStatistics(client: Pick<PGlite, 'query' | 'exec'>): Promise<boolean> {
  const { rows } = await client.query<{ stale: number }>(STALE_TABLES);
  if ((rows[0]?.stale ?? 0) === 0) return false;
  await client.exec('analyze');
  return true;
}

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum, and its activity counters
 * stay at zero, so its tables would never be analyzed and the planner would guess every table's
 * size (on PostgreSQL an un-analyzed conversation list scanned every member once per
 * conversation: 0.48 ms against 0.19 ms, issue 16). As autovacuum would, ANALYZE once migrations
 * have run and whenever a table's size has moved a fifth from what the last ANALYZE saw (checked
 * every 15 s from the catalog, which costs next to nothing).
 */
async function keepStatistics(client: PGlite): Promise<() => void> {
  const refresh = () =>
    refreshStatistics(client).catch(() => {
      // A closed or busy database: the next round tries again; stale statistics are not an error.
    });
  await client.exec('analyze');
  const timer = setInterval(refresh, PGLITE_STATISTICS_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    // Query shapes are a fixed set; the bound only guards against a caller that inlines values.
    if (statementNames.size >= 2000) statementNames.clear();
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every parameterised query runs as a named prepared statement on its connection (the name is a
 * digest of its text, unless the caller named it), so PostgreSQL parses and plans each query
 * shape once per connection rather than on every request: planning was most of the cost of the
 * member scope's queries. At most `NAMED_STATEMENTS_PER_CONNECTION` of them per connection
 * (named-statements.ts).
 */
function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config) {
      const c = config as { text: string; name?: string; values?: unknown[] };
      const values = c.values ?? (Array.isArray(rest[0]) ? rest[0] : undefined);
      if (c.name || (values && values.length > 0)) {
        const name = c.name || statementName(c.text);
        if (named.has(name) || named.size < NAMED_STATEMENTS_PER_CONNECTION) {
          named.add(name);
          return query({ ...c, name }, ...rest);
        }
        return query({ ...c, name: undefined }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}

/** LISTEN on a connection of its own (not the pool's), reopened after a drop until stopped. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  const open = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const lost = () => {
      if (current !== client || stopped) return;
      current = null;
      onLost();
      setTimeout(() => void open().catch(() => undefined), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    current = client;
    try {
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '')}"`);
    } catch (error) {
      lost();
      throw error;
    }
  };
  await open();
  return async () => {
    stopped = true;
    await current?.end().catch(() => undefined);
  };
}
