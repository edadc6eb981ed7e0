import { readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGliteClient } from './pglite-client';

/** PGlite's version names the copy: a cluster made by one version is not loaded by another. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  // dist/index.cjs → the package folder.
  const pkg = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? 'unknown';
}

let copyFile: string | undefined;
const defaultCopy = () => {
  copyFile ??= join(tmpdir(), `ukd-pglite-initdb-${pgliteVersion()}.tar`);
  return copyFile;
};

/**
 * A new in-memory PGlite (`memory://`, the test suites' database). Creating one runs initdb,
 * 2–4 s and most of a test API's start; so the first one on a machine (per PGlite version) also
 * saves its fresh cluster, before any migration, under the temp folder, and later ones load that
 * copy (about 0.5 s). Each database is still its own, and migrations still run on every one.
 * Anything wrong with the copy (missing, from elsewhere, damaged): a plain initdb, and a new copy.
 */
export async function freshMemoryPGlite(copy = defaultCopy()): Promise<PGliteClient> {
  const saved = await readFile(copy).catch(() => null);
  if (saved) {
    try {
      const client = new PGliteClient({ loadDataDir: new Blob([saved]) });
      await client.waitReady;
      return client;
    } catch {
      // Fall through to initdb; the copy is replaced below.
    }
  }
  const client = new PGliteClient();
  await client.waitReady;
  const dump = await client.dumpDataDir('none');
  // Written aside and renamed: suites starting at once never read half a copy.
  const partial = `${copy}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, copy).catch(() => rm(partial, { force: true }));
  return client;
}
