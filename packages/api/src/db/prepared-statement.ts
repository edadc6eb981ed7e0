import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgSession, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { NAMED_STATEMENTS_PER_CONNECTION } from './named-statements';

const dialect = new PgDialect();

/**
 * The driver session behind a database handle: what `db.execute` itself uses, and the only way
 * to run a statement prepared once. drizzle marks it internal in its types, so it is reached in
 * this one place, and checked.
 */
function sessionOf(db: Db): PgSession {
  const session = (db as unknown as { session?: PgSession }).session;
  if (typeof session?.prepareQuery !== 'function') throw new Error('this database handle has no session');
  return session;
}

/** A value a prepared statement takes when it runs (`sql.placeholder`). */
export type Param<T> = T | Placeholder<string, T>;

/** The placeholder named `name`, typed as the value it stands for. */
export const param = <T>(name: string) => sql.placeholder(name) as Placeholder<string, T>;

/**
 * Statements made once per shape of input (`keyOf(input)`, e.g. which filters are on) and per
 * database handle by `make(db, input, key)`, then reused: what `preparedStatement` does for raw
 * SQL, for a query builder's `.prepare(name)` too. At most `SHAPES_KEPT` per handle, the least
 * recently used dropped first (and made again when asked for): browse's shapes are as many as
 * the mixes of filters, order, page size and depth a member may ask for.
 */
export function preparedPerShape<Input, Prepared>(
  keyOf: (input: Input) => string,
  make: (db: Db, input: Input, key: string) => Prepared,
) {
  const statementsOf = preparedPer((_db: Db) => new Map<string, Prepared>());
  return (db: Db, input: Input): Prepared => {
    const statements = statementsOf(db);
    const key = keyOf(input);
    let statement = statements.get(key);
    if (statement) {
      // A Map iterates in insertion order: moved to the end, the first is the least recent.
      statements.delete(key);
    } else {
      statement = make(db, input, key);
      if (statements.size >= SHAPES_KEPT) statements.delete(statements.keys().next().value as string);
    }
    statements.set(key, statement);
    return statement;
  };
}

/** Shapes `preparedPerShape` keeps per statement and database handle. */
export const SHAPES_KEPT = NAMED_STATEMENTS_PER_CONNECTION;

/**
 * Raw SQL made into a statement on `db`'s session, its text built now and only bound with values
 * afterwards; with a `name`, the server parses it once per connection too. Its `execute` answers
 * the driver's result (`executedRows` reads it), with no mapping of rows.
 */
export function prepareSql(db: Db, query: SQL, name?: string) {
  return sessionOf(db).prepareQuery<PreparedQueryConfig>(dialect.sqlToQuery(query), undefined, name, false);
}

/**
 * A hot statement whose SQL text is built once per shape and per database, then only run with
 * new values. drizzle otherwise turns the SQL template into text on every request, which was a
 * sixth of the conversation list's CPU (issue 16). `build(input)` must put every value that
 * changes between requests behind a `param(name)`; `keyOf(input)` names the variants whose SQL
 * differs (which filters are on). Transactions get statements of their own.
 */
export function preparedStatement<Input>(keyOf: (input: Input) => string, build: (input: Input) => SQL) {
  const statementOf = preparedPerShape(keyOf, (db, input: Input) => prepareSql(db, build(input)));
  return (db: Db, input: Input, values: Record<string, unknown>): Promise<unknown> =>
    statementOf(db, input).execute(values);
}

/**
 * A drizzle query built and prepared once per database handle (`make(db)` ends in
 * `.prepare(name)`), for hot queries written with the query builder; run it with
 * `.execute(values)`. A transaction's handle gets its own.
 */
export function preparedPer<Handle extends object, Prepared>(make: (db: Handle) => Prepared) {
  const byHandle = new WeakMap<Handle, Prepared>();
  return (db: Handle): Prepared => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = make(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
