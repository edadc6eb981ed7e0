// The fault suite's own PostgreSQL and Redis: started from the machine's binaries on free loopback
// ports in temp dirs, so the suite can kill and restart them while other suites keep using the
// shared servers on 5432 and 6379. Every process started here is killed, and every dir removed,
// when the test ends, and again (synchronously) if the test process exits first.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const running = new Set<ChildProcess>();
const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A port that was free a moment ago (the caller retries if another process takes it first). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function tempDir(prefix: string, base = tmpdir()): string {
  const dir = mkdtempSync(join(base, prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** A child process whose output is kept (the last 20 KB) for the failure message. */
export interface Tracked {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code or signal once the process has gone. */
  exited: Promise<string>;
}

export function track(child: ChildProcess): Tracked {
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(signal ?? `exit ${code}`);
    });
    // A binary that is missing (no redis-server installed) never starts, and never exits.
    child.once('error', (error) => {
      running.delete(child);
      output += `\n${error.message}`;
      resolve(`not started: ${error.message}`);
    });
  });
  return { child, output: () => output, exited };
}

/** Sends `signal` and waits for the process to go; SIGKILL after `graceMs`. */
export async function stopProcess(tracked: Tracked, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (tracked.child.exitCode !== null || tracked.child.signalCode !== null) return;
  tracked.child.kill(signal);
  const timer = setTimeout(() => tracked.child.kill('SIGKILL'), graceMs);
  await tracked.exited;
  clearTimeout(timer);
}

/** Polls `check` every 100 ms until it answers true; fails after `timeoutMs` with `what` and the log. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  log?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not ready within ${timeoutMs} ms${log ? `\n${log()}` : ''}`);
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  throw new Error(`PostgreSQL's ${name} was not found under ${root}`);
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` account. */
function postgresAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:{port}/postgres`; create databases on it as needed. */
  url: string;
  port: number;
  /** Fast shutdown (SIGINT: sessions are terminated, then the server exits). */
  stop(): Promise<void>;
  /** Starts the server again on the same data dir and port, and waits until it answers. */
  start(): Promise<void>;
  /** Stops it for good and removes its data dir. */
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const account = postgresAccount();
  // The postgres account must reach its data dir: /tmp always lets it, whatever TMPDIR says.
  const dir = tempDir('ukd-faults-pg-', account ? '/tmp' : tmpdir());
  if (account) chownSync(dir, account.uid, account.gid);
  const data = join(dir, 'data');
  const ids = account ? { uid: account.uid, gid: account.gid } : {};
  execFileSync(
    postgresBin('initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { ...ids, stdio: 'pipe' },
  );
  let port = 0;
  let server: Tracked | null = null;
  const url = () => `postgres://postgres@127.0.0.1:${port}/postgres`;
  const answers = async () => {
    const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } finally {
      await client.end().catch(() => {});
    }
  };
  const launch = async () => {
    // Durability settings off: a fast shutdown still writes everything; only a host crash could lose it.
    const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'];
    args.push('-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60');
    const started = track(
      spawn(postgresBin('postgres'), args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    server = started;
    const failed = started.exited.then((how) => {
      throw new Error(`postgres exited (${how}) while starting:\n${started.output()}`);
    });
    failed.catch(() => {});
    await Promise.race([waitFor('postgres', answers, 20_000, started.output), failed]);
  };
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (error) {
      if (server) await stopProcess(server, 'SIGKILL');
      if (attempt === 3) throw error;
    }
  }
  const stop = async () => {
    if (server) await stopProcess(server, 'SIGINT');
    server = null;
  };
  return {
    get url() {
      return url();
    },
    port,
    stop,
    start: launch,
    async destroy() {
      await stop();
      removeTempDir(dir);
    },
  };
}

export interface OwnRedis {
  url: string;
  /** Kills the server outright (SIGKILL, as a crash): it keeps nothing, every connection drops. */
  kill(): Promise<void>;
  /** Starts a fresh server on the same port and waits until it answers. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = tempDir('ukd-faults-redis-');
  let port = 0;
  let server: Tracked | null = null;
  const launch = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    args.push('--dir', dir, '--daemonize', 'no');
    const started = track(spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    server = started;
    const failed = started.exited.then((how) => {
      throw new Error(`redis-server exited (${how}) while starting:\n${started.output()}`);
    });
    failed.catch(() => {});
    await Promise.race([waitFor('redis', () => redisAnswers(port), 10_000, started.output), failed]);
  };
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (error) {
      if (server) await stopProcess(server, 'SIGKILL');
      if (attempt === 3) throw error;
    }
  }
  const kill = async () => {
    if (server) await stopProcess(server, 'SIGKILL');
    server = null;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start: launch,
    async destroy() {
      await kill();
      removeTempDir(dir);
    },
  };
}

/** PING over a raw socket: the suite needs no Redis client of its own. */
async function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
