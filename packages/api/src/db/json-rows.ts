import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

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

/** How to read one column out of a row's JSON: where it is, and how its value is converted. */
interface ColumnReader {
  key: string;
  name: string;
  kind: 'date' | 'bigint' | 'plain';
}

/**
 * Readers per table and per list of keys, made on first use: looking each column up and checking
 * its type on every row made decoding 1.6× slower (a micro-benchmark of a member card and a photo).
 */
const readersByTable = new WeakMap<Table, Map<string, ColumnReader[]>>();

function readersOf(table: Table, keys: readonly string[] | undefined): ColumnReader[] {
  let byKeys = readersByTable.get(table);
  if (!byKeys) {
    byKeys = new Map();
    readersByTable.set(table, byKeys);
  }
  const listed = keys ? keys.join(',') : '*';
  let readers = byKeys.get(listed);
  if (!readers) {
    const columns = getTableColumns(table);
    readers = [];
    for (const key of keys ?? Object.keys(columns)) {
      const column = columns[key];
      if (!column) continue;
      const kind = column.dataType === 'date' ? 'date' : column.dataType === 'bigint' ? 'bigint' : 'plain';
      readers.push({ key, name: column.name, kind });
    }
    byKeys.set(listed, readers);
  }
  return readers;
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
  const row: Record<string, unknown> = {};
  for (const { key, name, kind } of readersOf(table, keys)) {
    const value = json[name];
    if (value === null || value === undefined) row[key] = null;
    else if (kind === 'date') row[key] = new Date(value as string);
    else if (kind === 'bigint') row[key] = BigInt(value as number | string);
    else row[key] = value;
  }
  return row as Pick<Row<T>, K>;
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

/** Rows of `db.execute`: node-postgres answers `{ rows }`, some drivers the array itself. */
export function executedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
}
