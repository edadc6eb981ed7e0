// The PostgreSQL server the benchmark runs on: kept in the same state for every phase, and
// found on this machine so its CPU can be charged to the answers.
import pg from 'pg';
import { postmasterOf } from './cpu-time';

/**
 * VACUUM ANALYZE, run before each phase and server as autovacuum would in time: every send phase
 * leaves thousands of dead row versions (each send updates its conversation, the sender and the
 * flood limit), and without it the phases after a send phase (the two-process ones) scanned them
 * too: the database's CPU per list answer doubled, for both servers.
 */
export async function vacuum(url: string): Promise<void> {
  await connected(url, (client) => client.query('vacuum analyze'));
}

/** The postmaster of the PostgreSQL server at `url`, when it runs on this machine. */
export async function postgresServerPid(url: string): Promise<number | undefined> {
  // Read while connected: the backend (and its /proc entry) goes away with the connection.
  return connected(url, async (client) => {
    const [row] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    return row ? postmasterOf(Number(row.pid)) : undefined;
  });
}

/** `work` on a connection of its own (the servers' pools are theirs). */
export async function connected<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
