import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PGliteClient } from './pglite-client';

const prepared = async (client: PGlite) =>
  (
    await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    )
  ).rows.map((row) => row.statement);

describe('the embedded database client', () => {
  let client: PGliteClient;
  let plain: PGlite;

  beforeEach(async () => {
    client = new PGliteClient();
    plain = new PGlite();
    for (const db of [client, plain]) {
      await db.exec(`create table note (id serial primary key, body text unique, at timestamptz,
        tags text[], data json, done boolean, n bigint);
        insert into note (body, at, tags, data, done, n) values
          ('one', '2026-11-27T10:00:00Z', '{a,b}', '{"k":[1,2]}', true, 9007199254740993),
          ('two', null, '{}', null, false, null);`);
    }
  });

  afterEach(async () => {
    await client.close();
    await plain.close();
  });

  it('plans a parameterised query once and answers as PGlite itself does', async () => {
    const text = 'select * from note where id >= $1 and body <> $2 order by id';
    const ours = await client.query(text, [1, 'none']);
    expect(ours).toEqual(await plain.query(text, [1, 'none']));
    expect(await client.query(text, [2, 'none'])).toEqual(await plain.query(text, [2, 'none']));
    // Dates, arrays and JSON as parameters go through the same serializers.
    const typed = 'select $1::timestamptz as at, $2::text[] as tags, $3::json as data, $4::boolean as done';
    const values = [new Date('2026-01-02T03:04:05Z'), ['x', 'y'], { a: 1 }, null];
    expect(await client.query(typed, values)).toEqual(await plain.query(typed, values));
    expect(await prepared(client)).toEqual([text, typed]);
    // Queries without parameters (and PGlite's own path) prepare nothing.
    await client.query('select count(*) from note');
    expect(await prepared(client)).toHaveLength(2);
  });

  it('parses a statement again when a table it reads changes shape or it was deallocated', async () => {
    const text = 'select * from note where id = $1';
    expect(Object.keys((await client.query<object>(text, [1])).rows[0] ?? {})).not.toContain('extra');
    await client.exec('alter table note add column extra integer default 7');
    expect((await client.query<{ extra: number }>(text, [1])).rows[0]?.extra).toBe(7);
    await client.exec('deallocate all');
    expect((await client.query<{ body: string }>(text, [1])).rows[0]?.body).toBe('one');
    expect(await prepared(client)).toEqual([text]);
  });

  it('reports a failed statement and carries on', async () => {
    const insert = 'insert into note (body) values ($1) returning id';
    await expect(client.query(insert, ['one'])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query<{ id: number }>(insert, ['three'])).rows).toEqual([{ id: 4 }]);
    await expect(client.query('select * from nowhere where id = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    });
    // A value the statement's parameter type refuses fails at bind, inside the pipeline.
    await expect(client.query('select body from note where id = $1', ['abc'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await client.query('select body from note where id = $1', [4])).rows).toEqual([
      { body: 'three' },
    ]);
  });

  it('keeps transactions whole: their queries wait, and a rollback undoes theirs', async () => {
    const count = async () =>
      (await client.query<{ n: number }>('select count(*)::int as n from note where id > $1', [0])).rows[0]
        ?.n;
    let outside: Promise<number | undefined> | null = null;
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into note (body) values ($1)', ['in a transaction']);
        // A query from outside waits for the transaction's end rather than running inside it.
        outside = count();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toBe(2);
    expect(await count()).toBe(2);
  });

  it('reads any text as PGlite does, and an answer with more than rows through its reader', async () => {
    // Rows of every kind of text (the client reads plain answers itself).
    const text = 'select $1::text as a, $2::text as b, $3::text as c, null::text as d';
    const values = ['ünïcødé 💬 ✓', '', 'line\nbreak\ttab "quoted" \\'];
    expect(await client.query(text, values)).toEqual(await plain.query(text, values));
    expect(await client.query(text, values, { rowMode: 'array' })).toEqual(
      await plain.query(text, values, { rowMode: 'array' }),
    );
    // Writes answer their count; a notice beside the rows does not lose them.
    const update = "update note set body = body || '' where id >= $1";
    expect(await client.query(update, [1])).toEqual(await plain.query(update, [1]));
    for (const db of [client, plain]) {
      await db.exec(`create function shout(n integer) returns integer language plpgsql as $$
        begin raise notice 'shouting %', n; return n * 2; end $$`);
    }
    const notices: string[] = [];
    const shouted = await client.query<{ n: number }>('select shout($1) as n', [21], {
      onNotice: (notice) => notices.push(notice.message ?? ''),
    });
    expect(shouted.rows).toEqual([{ n: 42 }]);
    expect(notices).toEqual(['shouting 21']);
  });

  it("builds rows as PGlite does: a query's own parsers, odd column names, every type's parser", async () => {
    // Drizzle passes parsers of its own (dates as text) with every query.
    const own = { parsers: { [types.TIMESTAMPTZ]: (text: string) => `at ${text}` } };
    const dated = 'select at, n, tags, data, done from note where id = $1';
    expect(await client.query(dated, [1], own)).toEqual(await plain.query(dated, [1], own));
    expect(await client.query(dated, [1], { ...own, rowMode: 'array' })).toEqual(
      await plain.query(dated, [1], { ...own, rowMode: 'array' }),
    );
    // A column may repeat, or be called "__proto__".
    const odd = 'select $1::int as a, 2 as a, $1::text as "__proto__", null::int as "a b"';
    const ours = await client.query<Record<string, unknown>>(odd, [1]);
    expect(ours).toEqual(await plain.query(odd, [1]));
    expect(Object.keys(ours.rows[0] ?? {})).toEqual(['a', '__proto__', 'a b']);
    expect(Object.getPrototypeOf(ours.rows[0])).toBe(Object.prototype);
    // Numbers, money, intervals, bytes, UUIDs, arrays of them: each column through its parser.
    const typed = `select $1::int2 as i2, $1::float8 * 1.5 as f, $1::numeric / 3 as num,
      '1 day'::interval as span, '\\x00ff'::bytea as raw, gen_random_uuid() is not null as has_id,
      array[$1::int, 2] as ints, array['2026-01-01'::date] as days, '{"a":[1]}'::jsonb as doc`;
    expect(await client.query(typed, [7])).toEqual(await plain.query(typed, [7]));
    // Writes: their command and counts.
    const update = "update note set body = body || '' where id >= $1";
    expect(await client.query(update, [1])).toMatchObject({
      affectedRows: 2,
      command: 'UPDATE',
      rowCount: 2,
    });
  });

  it('tells listeners of a notification before the query that caused it resolves', async () => {
    const heard: string[] = [];
    const stop = await client.listen('note_changed', (payload) => heard.push(payload));
    await client.exec(`create function tell() returns trigger language plpgsql as $$
      begin perform pg_notify('note_changed', new.body); return new; end $$;
      create trigger note_told after insert on note for each row execute function tell();`);
    await client.query('insert into note (body) values ($1)', ['three']);
    expect(heard).toEqual(['three']);
    // Through PGlite's own paths too (a transaction), and not after unlistening.
    await client.transaction((tx) => tx.query('insert into note (body) values ($1)', ['four']));
    expect(heard).toEqual(['three', 'four']);
    await stop();
    await client.query('insert into note (body) values ($1)', ['five']);
    expect(heard).toEqual(['three', 'four']);
  });
});
