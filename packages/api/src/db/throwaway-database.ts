import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty PostgreSQL database on the server `serverUrl` points at, for one test file or
 * benchmark run; `drop` removes it even with connections still open. Null when the server cannot
 * be reached within two seconds, so callers decide whether that is a skip or a failure.
 */
export async function throwawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase | null> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
