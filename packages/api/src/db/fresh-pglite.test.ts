import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshMemoryPGlite } from './fresh-pglite';

describe('freshMemoryPGlite', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const copyIn = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ukd-fresh-pglite-'));
    dirs.push(dir);
    return join(dir, 'initdb.tar');
  };

  it('saves a fresh cluster once, and each database made from it is its own', async () => {
    const copy = await copyIn();
    const first = await freshMemoryPGlite(copy);
    expect((await stat(copy)).size).toBeGreaterThan(1_000_000);
    await first.exec('create table kept_apart (id integer); insert into kept_apart values (1)');
    const saved = await readFile(copy);
    const second = await freshMemoryPGlite(copy);
    const third = await freshMemoryPGlite(copy);
    // The copy was taken before anything was created, and loading it does not change it.
    expect(Buffer.compare(await readFile(copy), saved)).toBe(0);
    for (const db of [second, third]) {
      const { rows } = await db.query<{ t: string | null }>(`select to_regclass('kept_apart')::text as t`);
      expect(rows[0]?.t).toBeNull();
    }
    await second.exec('create table kept_apart (id integer)');
    expect((await third.query(`select to_regclass('kept_apart')::text as t`)).rows).toEqual([{ t: null }]);
    await Promise.all([first.close(), second.close(), third.close()]);
  });

  it('a damaged copy gives a plain initdb and is replaced', async () => {
    const copy = await copyIn();
    await writeFile(copy, 'not a cluster');
    const db = await freshMemoryPGlite(copy);
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await stat(copy)).size).toBeGreaterThan(1_000_000);
    await db.close();
  });
});
