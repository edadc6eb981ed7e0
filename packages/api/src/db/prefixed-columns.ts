import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

type Row<T extends Table> = InferSelectModel<T>;
type Key<T extends Table> = keyof Row<T> & string;

/**
 * A related row as plain columns of one statement, `alias.column as prefix_column`, read back
 * into what drizzle's `select()` gives: for a few narrow columns, such as the photos of a browse
 * or conversation-list page, where PostgreSQL spent more building JSON than running the rest of
 * browse's statement (issue 16). Wide rows (a conversation, a member, a message) travel as JSON
 * instead (`json-rows.ts`): as fifty-odd columns, pg's parsing of each field cost Node more
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
    readersOf(table, prefix, keys)
      .map((r) => `${alias}.${r.column} as ${r.name}`)
      .join(', '),
  );
}

/** How to read one column: its name in the result, and how its value is converted. */
interface ColumnReader {
  key: string;
  column: string;
  name: string;
  kind: 'date' | 'number' | 'bigint' | 'plain';
}

const readersByTable = new WeakMap<Table, Map<string, ColumnReader[]>>();

function readersOf(table: Table, prefix: string, keys: readonly string[] | undefined): ColumnReader[] {
  let byKeys = readersByTable.get(table);
  if (!byKeys) {
    byKeys = new Map();
    readersByTable.set(table, byKeys);
  }
  const listed = `${prefix}:${keys ? keys.join(',') : '*'}`;
  let readers = byKeys.get(listed);
  if (!readers) {
    const columns = getTableColumns(table);
    readers = [];
    for (const key of keys ?? Object.keys(columns)) {
      const column = columns[key];
      if (!column) throw new Error(`no column ${key}`);
      // Drivers give timestamps as text (drizzle asks them to) and int8 as text or a bigint.
      const kind =
        column.dataType === 'date'
          ? 'date'
          : column.columnType === 'PgBigInt53'
            ? 'number'
            : column.dataType === 'bigint'
              ? 'bigint'
              : 'plain';
      readers.push({
        key,
        column: column.name,
        name: prefix ? `${prefix}_${column.name}` : column.name,
        kind,
      });
    }
    byKeys.set(listed, readers);
  }
  return readers;
}

/** The row `prefixedColumns(table, …, prefix, keys)` put in `result`. */
export function rowFromColumns<T extends Table, K extends Key<T> = Key<T>>(
  table: T,
  result: object,
  prefix: string,
  keys?: readonly K[],
): Pick<Row<T>, K> {
  const values = result as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const { key, name, kind } of readersOf(table, prefix, keys)) {
    const value = values[name];
    if (value === null || value === undefined) row[key] = null;
    else if (kind === 'date') row[key] = value instanceof Date ? value : new Date(value as string);
    else if (kind === 'number') row[key] = Number(value);
    else if (kind === 'bigint') row[key] = BigInt(value as string);
    else row[key] = value;
  }
  return row as Pick<Row<T>, K>;
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
