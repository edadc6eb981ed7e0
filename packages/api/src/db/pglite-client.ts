import {
  messages,
  PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import { NAMED_STATEMENTS_PER_CONNECTION } from './named-statements';
import { readRowsAnswer } from './pglite-answer';

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface NamedStatement {
  name: string;
  /** Type ids of its parameters, as PostgreSQL inferred them when it was parsed. */
  paramTypes: number[];
}

/** A statement to parse again: it was deallocated (26000), or a table it reads changed shape. */
const isStale = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan/.test(message ?? ''));
};

/** A channel's name as PostgreSQL reports it in a notification (unquoted names fold to lower case). */
const postgresName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

/**
 * The embedded database's client, as PostgreSQL's pool is used (`database.ts`):
 *
 * - **Fair.** PGlite runs a query synchronously and hands its lock to the next caller in a
 *   microtask, so under load queued queries ran back to back without Node polling for I/O in
 *   between: a connection opened while the API was busy was accepted only when the queue ran dry
 *   (a visitor arriving at a saturated API waited seconds while members already connected were
 *   served). Each query or transaction, once it holds the lock, lets the event loop take one turn
 *   first.
 * - **Planned once.** Every parameterised query runs as a named prepared statement, as on
 *   PostgreSQL, so each query shape is parsed and planned once rather than on every request: PGlite
 *   itself only sends unnamed statements, and planning was 1.3 of the conversation list's 2.8 ms
 *   (issue 16). Queries inside a transaction go through PGlite's own path (its transaction object).
 */
export class PGliteClient extends PGlite {
  /** Who listens on which channel, for notifications in answers this client reads itself. */
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #statements = new Map<string, NamedStatement>();
  #named = 0;

  override async _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return super._runExclusiveTransaction(async () => {
      await nextTurn();
      return fn();
    });
  }

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // Past the bound (`NAMED_STATEMENTS_PER_CONNECTION`), a new shape runs as PGlite runs it.
    const unnamed = !this.#statements.has(text) && this.#statements.size >= NAMED_STATEMENTS_PER_CONNECTION;
    if (!params?.length || options?.blob || unnamed) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        try {
          return await this.#runNamed<T>(text, params, options);
        } catch (error) {
          if (!isStale(error)) throw error;
          await this.#forget(text);
          return this.#runNamed<T>(text, params, options);
        }
      }),
    );
  }

  async #runNamed<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text, options));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serialize = options?.serializers?.[type] ?? this.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    // Bind, describe, execute and sync as one message: PGlite handles a pipeline in one call
    // (and after an error the backend skips to the sync, so it is left ready either way).
    // Its answer is read here (`readRowsAnswer`), not by PGlite: PGlite's reader, which even its
    // raw call runs, copies each field into a buffer of its own before decoding it, and its result
    // builder looks up each field's parser (`parserOf` is asked once per column).
    const chunks: Uint8Array[] = [];
    await this.execProtocolRawStream(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      // The bytes are a view of the database's memory, reused once this returns.
      { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
    );
    await this.syncToFs();
    const answer = chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks);
    const own = options?.parsers;
    const parserOf = (type: number) => own?.[type] ?? this.parsers[type] ?? types.parsers[type];
    const read = readRowsAnswer(answer, parserOf, options?.rowMode);
    if (read) return read as Results<T>;
    const [result] = parse.parseResults(this.#readInFull(answer, options), this.parsers, {
      rowMode: options?.rowMode,
      parsers: own,
    });
    if (!result) throw new Error('PGlite answered no result');
    return result as Results<T>;
  }

  /**
   * An answer with more than rows in it, read as PGlite reads its own: the first error is thrown,
   * notices go to the query's `onNotice`, notifications to this client's listeners.
   */
  #readInFull(answer: Uint8Array, options: QueryOptions | undefined): messages.BackendMessage[] {
    const read: messages.BackendMessage[] = [];
    let error: messages.DatabaseError | null = null;
    new protocol.Parser().parse(answer, (message) => {
      if (error) return;
      if (message instanceof messages.DatabaseError) error = message;
      else if (message instanceof messages.NoticeMessage) options?.onNotice?.(message);
      else if (message instanceof messages.NotificationResponseMessage) {
        for (const listener of this.#listeners.get(message.channel) ?? []) {
          // After the code now running, as PGlite does.
          queueMicrotask(() => listener(message.payload));
        }
      }
      read.push(message);
    });
    if (error) throw error;
    return read;
  }

  override async listen(
    channel: string,
    callback: (payload: string) => void,
    tx?: Transaction,
  ): Promise<(tx?: Transaction) => Promise<void>> {
    const stop = await super.listen(channel, callback, tx);
    const name = postgresName(channel);
    const listeners = this.#listeners.get(name) ?? new Set();
    listeners.add(callback);
    this.#listeners.set(name, listeners);
    return stop;
  }

  override async unlisten(
    channel: string,
    callback?: (payload: string) => void,
    tx?: Transaction,
  ): Promise<void> {
    const name = postgresName(channel);
    if (callback) this.#listeners.get(name)?.delete(callback);
    if (!callback || this.#listeners.get(name)?.size === 0) this.#listeners.delete(name);
    await super.unlisten(channel, callback, tx);
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<NamedStatement> {
    this.#named += 1;
    const name = `s${this.#named}`;
    let described: messages.BackendMessage[] = [];
    try {
      await this.#send(protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }));
      described = await this.#send(protocol.serialize.describe({ type: 'S', name }));
    } finally {
      await this.#send(protocol.serialize.sync());
    }
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    this.#statements.set(text, statement);
    return statement;
  }

  async #forget(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    this.#statements.delete(text);
    if (!statement) return;
    await this.#send(protocol.serialize.close({ type: 'S', name: statement.name })).catch(() => undefined);
    await this.#send(protocol.serialize.sync());
  }

  #send(message: Uint8Array): Promise<messages.BackendMessage[]> {
    return this.execProtocolStream(message, { syncToFs: false });
  }
}
