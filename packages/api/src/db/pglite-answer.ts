import { messages } from '@electric-sql/pglite';

/**
 * Reads PostgreSQL's answer to a bind–describe–execute–sync pipeline (`PGliteClient`'s named
 * statements) into the messages PGlite's result parser takes: row descriptions, data rows and
 * the command's tag. PGlite's own protocol reader copies every field into an ArrayBuffer of its
 * own before decoding it, which was a sixth of the conversation list's time on the embedded
 * database; this one decodes each field where it lies.
 *
 * Answers holding anything else (an error, a notice, a notification, a message it does not
 * know) come back as null, for PGlite's reader to handle in full.
 */
export function readRowsAnswer(data: Uint8Array): messages.BackendMessage[] | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const out: messages.BackendMessage[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at] as number;
    const length = bytes.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (length < 4 || end > bytes.length) return null;
    switch (code) {
      case 0x54: // T: row description
        out.push(rowDescription(bytes, start, length));
        break;
      case 0x44: // D: data row
        out.push(dataRow(bytes, start, length));
        break;
      case 0x43: // C: command complete
        out.push(new messages.CommandCompleteMessage(length, bytes.toString('utf8', start, end - 1)));
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
  return at === bytes.length ? out : null;
}

function rowDescription(bytes: Buffer, start: number, length: number): messages.RowDescriptionMessage {
  const count = bytes.readInt16BE(start);
  const message = new messages.RowDescriptionMessage(length, count);
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const nameEnd = bytes.indexOf(0, at);
    const name = bytes.toString('utf8', at, nameEnd);
    at = nameEnd + 1;
    message.fields[i] = new messages.Field(
      name,
      bytes.readInt32BE(at),
      bytes.readInt16BE(at + 4),
      bytes.readInt32BE(at + 6),
      bytes.readInt16BE(at + 10),
      bytes.readInt32BE(at + 12),
      bytes.readInt16BE(at + 16) === 0 ? 0 : 1, // text or binary, as PGlite's reader gives it
    );
    at += 18;
  }
  return message;
}

function dataRow(bytes: Buffer, start: number, length: number): messages.DataRowMessage {
  const count = bytes.readInt16BE(start);
  const fields: (string | null)[] = new Array(count);
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const size = bytes.readInt32BE(at);
    at += 4;
    if (size === -1) fields[i] = null;
    else {
      fields[i] = bytes.toString('utf8', at, at + size);
      at += size;
    }
  }
  return new messages.DataRowMessage(length, fields);
}
