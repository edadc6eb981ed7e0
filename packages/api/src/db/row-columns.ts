import { type Column, getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

type Row<T extends Table> = InferSelectModel<T>;
type Key<T extends Table> = keyof Row<T> & string;

/**
 * A related row as plain columns of one statement: `alias`'s columns (the keys given, or all),
 * each named `<prefix>_<column>`, so a conversation, its chatmate, their photo and the last
 * message come back side by side in one row. Hot reads used to return them as `row_to_json` and
 * `json_build_object`, which PostgreSQL builds column by column, looking each column's type up
 * again on every row: for the conversation list's ten rows that was 40 % of the statement's
 * time (pgbench: 0.90 → 0.53 ms for the list; issue 16).
 */
export function prefixedColumns<T extends Table>(
  table: T,
  alias: string,
  prefix: string,
  keys?: readonly Key<T>[],
): SQL {
  const selected = readersOf(table, prefix, keys).map(
    // Names come from the schema, never from a request.
    ({ column, as }) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)} as ${sql.identifier(as)}`,
  );
  return sql.join(selected, sql`, `);
}

/**
 * The row `prefixedColumns(table, …, prefix, keys)` put in `raw`, each value converted as drizzle's
 * own `select()` converts it; null when the row is absent (its first column is null: a lookup
 * that found nothing). The first key must be one the row always has (its id).
 */
export function rowFromColumns<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  raw: Record<string, unknown>,
  prefix: string,
  keys?: readonly K[],
): Pick<Row<T>, K> | null {
  const readers = readersOf(table, prefix, keys);
  if (raw[readers[0]?.as ?? ''] == null) return null;
  const row: Record<string, unknown> = {};
  for (const { key, column, as } of readers) {
    const value = raw[as];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Pick<Row<T>, K>;
}

interface ColumnReader {
  key: string;
  column: Column;
  as: string;
}

/** Readers per table, prefix and keys, made on first use (hot reads call this per row). */
const readersByTable = new WeakMap<Table, Map<string, ColumnReader[]>>();

function readersOf(table: Table, prefix: string, keys: readonly string[] | undefined): ColumnReader[] {
  let byShape = readersByTable.get(table);
  if (!byShape) {
    byShape = new Map();
    readersByTable.set(table, byShape);
  }
  const shape = `${prefix}:${keys ? keys.join(',') : '*'}`;
  let readers = byShape.get(shape);
  if (!readers) {
    const columns = getTableColumns(table);
    readers = (keys ?? Object.keys(columns)).map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`no column ${key}`);
      return { key, column, as: `${prefix}_${column.name}` };
    });
    byShape.set(shape, readers);
  }
  return readers;
}
