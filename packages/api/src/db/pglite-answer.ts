import type { Results, RowMode } from '@electric-sql/pglite';

/** PGlite's parser for a type: a column's text to its value. */
type Parse = (text: string, typeId: number) => unknown;

/** How a column of a type is turned into a value: PGlite's parser for it, or none (text as is). */
export type ParserOf = (typeId: number) => Parse | undefined;

interface Column {
  name: string;
  dataTypeID: number;
  parse: Parse | undefined;
}

/**
 * Reads PostgreSQL's answer to a bind–describe–execute–sync pipeline (`PGliteClient`'s named
 * statements) into the result PGlite's `query` gives: rows (objects, or arrays for `rowMode:
 * 'array'`), fields, the command and its counts. PGlite's own reader copies every field into an
 * ArrayBuffer of its own before decoding it, and its result builder then looks up each field's
 * parser (after merging the query's parsers into the client's on every call): a sixth, then a
 * twelfth of the conversation list's time on the embedded database. Here each field is decoded
 * where it lies, with its column's parser found once per answer.
 *
 * Answers holding anything else (an error, a notice, a notification, a message it does not
 * know) come back as null, for PGlite's reader to handle in full.
 */
export function readRowsAnswer(
  data: Uint8Array,
  parserOf: ParserOf,
  rowMode: RowMode | undefined,
): Results | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let columns: Column[] = [];
  const rows: Results['rows'] = [];
  let result: Results | null = null;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at] as number;
    const length = bytes.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (length < 4 || end > bytes.length) return null;
    switch (code) {
      case 0x54: // T: row description
        columns = rowDescription(bytes, start, parserOf);
        break;
      case 0x44: // D: data row
        rows.push(dataRow(bytes, start, columns, rowMode === 'array'));
        break;
      case 0x43: // C: command complete
        if (result) return null; // one statement's answer has one
        result = completed(bytes.toString('utf8', start, end - 1), columns, rows);
        break;
      case 0x32: // 2: bind complete
      case 0x6e: // n: no data
      case 0x5a: // Z: ready for query
      case 0x73: // s: portal suspended
      case 0x49: // I: empty query
        break;
      default:
        return null;
    }
    at = end;
  }
  if (at !== bytes.length) return null;
  // As PGlite answers a statement that completed nothing (an empty query).
  return result ?? { rows: [], fields: [], affectedRows: 0 };
}

function rowDescription(bytes: Buffer, start: number, parserOf: ParserOf): Column[] {
  const count = bytes.readInt16BE(start);
  const columns: Column[] = new Array(count);
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const nameEnd = bytes.indexOf(0, at);
    const name = bytes.toString('utf8', at, nameEnd);
    // After the name: table id (4), column number (2), type id (4), size (2), modifier (4), format (2).
    const dataTypeID = bytes.readInt32BE(nameEnd + 7);
    columns[i] = { name, dataTypeID, parse: parserOf(dataTypeID) };
    at = nameEnd + 19;
  }
  return columns;
}

/** A row as an object by column name, or (`asArray`) its values in column order, as PGlite gives them. */
function dataRow(bytes: Buffer, start: number, columns: Column[], asArray: boolean): Results['rows'][number] {
  const count = bytes.readInt16BE(start);
  const values: unknown[] | null = asArray ? new Array(count) : null;
  const object: Record<string, unknown> | null = asArray ? null : {};
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const size = bytes.readInt32BE(at);
    at += 4;
    let value: unknown = null;
    if (size !== -1) {
      const text = bytes.toString('utf8', at, at + size);
      at += size;
      const column = columns[i];
      value = column?.parse ? column.parse(text, column.dataTypeID) : text;
    }
    if (values) values[i] = value;
    else if (object) {
      const name = columns[i]?.name ?? String(i);
      // A column may be called anything; "__proto__" must stay a column, as PGlite keeps it.
      if (name === '__proto__')
        Object.defineProperty(object, name, { value, enumerable: true, writable: true });
      else object[name] = value;
    }
  }
  return (values ?? object) as Results['rows'][number];
}

/** PGlite's reading of a command tag (`SELECT 3`, `INSERT 0 1`, `UPDATE 2`). */
function completed(tag: string, columns: Column[], rows: Results['rows']): Results {
  const words = tag.split(' ');
  const command = words[0] ?? '';
  const count = Number.parseInt(words[words.length - 1] ?? '', 10);
  const changes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
  const result: Results = {
    rows,
    fields: columns.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: changes && !Number.isNaN(count) ? count : 0,
    command,
  };
  if (!Number.isNaN(count)) result.rowCount = count;
  return result;
}
