import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/*
 * Rows a hot read loads beside its page in ONE statement (a conversation's chatmate and last
 * message, the members' photos), read back into what drizzle's `select()` gives: wide rows as
 * JSON (`jsonObjectOf`, `row_to_json`; `rowFromJson`), narrow ones as plain columns
 * (`prefixedColumns`; `maybeRowFromColumns`).
 */

type Row<T extends Table> = InferSelectModel<T>;
type Key<T extends Table> = keyof Row<T> & string;

/**
 * `json_build_object` of some of `table`'s columns, read from the row aliased `alias`, for hot
 * reads that load a row and its related rows in ONE statement. Name only the columns the answer
 * needs: building JSON of a whole wide row (a member's) cost more than the rest of the query.
 */
export function jsonObjectOf<T extends Table>(table: T, alias: string, keys: readonly Key<T>[]): SQL {
  const columns = getTableColumns(table);
  const pairs = keys.map((key) => {
    const name = columns[key]?.name;
    if (!name) throw new Error(`no column ${key}`);
    // Column names come from the schema, never from a request.
    return sql`${sql.raw(`'${name}'`)}, ${sql.identifier(alias)}.${sql.identifier(name)}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** How to read one column: its name in the answer (`prefix_column`, or the column's own), and how
 * its value is converted. */
interface ColumnReader {
  key: string;
  column: string;
  name: string;
  kind: 'date' | 'number' | 'bigint' | 'plain';
}

/**
 * Readers per table, prefix and list of keys, made on first use: looking each column up and
 * checking its type on every row made decoding 1.6× slower (a micro-benchmark of a member card
 * and a photo). Lists of keys are the callers' constants (`CARD_FIELDS`), found by identity:
 * joining them into a text key on every row was 1.7 % of the conversation list's CPU.
 */
interface PrefixReaders {
  all?: ColumnReader[];
  listed: WeakMap<readonly string[], ColumnReader[]>;
}
const readersByTable = new WeakMap<Table, Map<string, PrefixReaders>>();

function readersOf(table: Table, keys: readonly string[] | undefined, prefix = ''): ColumnReader[] {
  let byPrefix = readersByTable.get(table);
  if (!byPrefix) {
    byPrefix = new Map();
    readersByTable.set(table, byPrefix);
  }
  let cached = byPrefix.get(prefix);
  if (!cached) {
    cached = { listed: new WeakMap() };
    byPrefix.set(prefix, cached);
  }
  const found = keys ? cached.listed.get(keys) : cached.all;
  if (found) return found;
  const readers = columnReaders(table, keys, prefix);
  if (keys) cached.listed.set(keys, readers);
  else cached.all = readers;
  return readers;
}

function columnReaders(table: Table, keys: readonly string[] | undefined, prefix: string): ColumnReader[] {
  const columns = getTableColumns(table);
  const readers: ColumnReader[] = [];
  for (const key of keys ?? Object.keys(columns)) {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key}`);
    // JSON and the drivers give timestamps as text (drizzle asks the drivers to); a plain int8
    // column comes as text or a bigint, in JSON as a number.
    const kind =
      column.dataType === 'date'
        ? 'date'
        : column.columnType === 'PgBigInt53'
          ? 'number'
          : column.dataType === 'bigint'
            ? 'bigint'
            : 'plain';
    readers.push({ key, column: column.name, name: prefix ? `${prefix}_${column.name}` : column.name, kind });
  }
  return readers;
}

/** The row `readers` find in `values`, each column converted as drizzle's `select()` gives it. */
function readRow(readers: ColumnReader[], values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const { key, name, kind } of readers) {
    const value = values[name];
    if (value === null || value === undefined) row[key] = null;
    else if (kind === 'date') row[key] = value instanceof Date ? value : new Date(value as string);
    else if (kind === 'number') row[key] = Number(value);
    else if (kind === 'bigint') row[key] = BigInt(value as number | string);
    else row[key] = value;
  }
  return row;
}

/**
 * Reads a row a query returned as JSON (`row_to_json(alias)`, `to_jsonb(alias)` or
 * `jsonObjectOf`) back into what drizzle's `select()` gives: JSON spells timestamps as text and
 * big integers as numbers, so each column is converted by its declared type. `keys` names the
 * columns the JSON holds (all by default).
 */
export function rowFromJson<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  json: Record<string, unknown>,
  keys?: readonly K[],
): Pick<Row<T>, K> {
  return readRow(readersOf(table, keys), json) as Pick<Row<T>, K>;
}

/** `rowFromJson` for a column that may hold no row (a left join that found nothing). */
export function maybeRowFromJson<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  json: unknown,
  keys?: readonly K[],
): Pick<Row<T>, K> | null {
  // A driver may hand a json column over as its text.
  const value = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  return value && typeof value === 'object'
    ? rowFromJson(table, value as Record<string, unknown>, keys)
    : null;
}

/** `rowFromJson` for each row of a JSON array column (`json_agg`), which a driver may hand over
 * as its text; none when it holds none. */
export function rowsFromJson<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  json: unknown,
  keys?: readonly K[],
): Pick<Row<T>, K>[] {
  const value = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  return Array.isArray(value)
    ? value.map((row) => rowFromJson(table, row as Record<string, unknown>, keys))
    : [];
}

/** Rows of `db.execute`: node-postgres answers `{ rows }`, some drivers the array itself. */
export function executedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
}

/**
 * A related row as plain columns of one statement, `alias.column as prefix_column`, read back
 * into what drizzle's `select()` gives: for a few narrow columns, such as the photos of a browse
 * or conversation-list page, where PostgreSQL spent more building JSON than running the rest of
 * browse's statement (issue 16). Wide rows (a conversation, a member, a message) travel as JSON
 * instead: as fifty-odd columns, pg's parsing of each field cost Node more
 * (426 against 374 µs of CPU per conversation list) than PostgreSQL saved.
 */
export function prefixedColumns<T extends Table>(
  table: T,
  alias: string,
  prefix: string,
  keys?: readonly Key<T>[],
): SQL {
  // Column names come from the schema, never from a request.
  return sql.raw(
    readersOf(table, keys, prefix)
      .map((r) => `${alias}.${r.column} as ${r.name}`)
      .join(', '),
  );
}

/** The row `prefixedColumns(table, …, prefix, keys)` put in `result`. */
function rowFromColumns<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  result: object,
  prefix: string,
  keys?: readonly K[],
): Pick<Row<T>, K> {
  return readRow(readersOf(table, keys, prefix), result as Record<string, unknown>) as Pick<Row<T>, K>;
}

/** `rowFromColumns` for a left join that may have found nothing: null when `{prefix}_id` is. */
export function maybeRowFromColumns<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  result: object,
  prefix: string,
  keys?: readonly K[],
): Pick<Row<T>, K> | null {
  const id = (result as Record<string, unknown>)[prefix ? `${prefix}_id` : 'id'];
  return id === null || id === undefined ? null : rowFromColumns(table, result, prefix, keys);
}
