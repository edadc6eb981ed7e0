// `WORKERS=2 npm start` as README's Scaling section runs it: the real site-server entry point as
// two cluster processes on this machine's PostgreSQL and Redis. Node's cluster hands each new
// connection to the next process in turn, so every call below opens a connection of its own and
// consecutive calls land on different processes. Each check fails if the state it is about lived
// in one process's memory: a throttle counted per process lets twice the attempts through, a
// session cache without the database's change feed keeps a logged-out token alive for seconds in
// the other process, realtime without Redis loses the sends the other process handled, presence
// without it tells half the readers that an online member is away.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SITE,
  DEMO_PASSWORD,
  demoMembers,
  type ThrowawayDatabase,
  throwawayDatabase,
} from '@ukd/api';
import { realtimeChannels } from '@ukd/contracts/api';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const databaseServer = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const database: ThrowawayDatabase | null = await throwawayDatabase(databaseServer, 'site_workers');
const redisUp = await redisReachable();
const missing = [database ? '' : `PostgreSQL at ${databaseServer}`, redisUp ? '' : `Redis at ${redisUrl}`]
  .filter(Boolean)
  .join(' and ');
if (missing) {
  if (process.env.CI) throw new Error(`CI runs the two-process tests, but ${missing} is unreachable`);
  console.warn(`\n  SKIPPED two-process site tests: no ${missing}\n`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

interface Answer {
  status: number;
  json: { data?: Record<string, unknown>; message?: string } | null;
}

const MESSAGES_PER_MINUTE = 4;
const LOGIN_FAILURES_ALLOWED = 3;

describe.skipIf(missing !== '')('the site as two processes on PostgreSQL and Redis', () => {
  let site: ChildProcess;
  let port = 0;
  let output = '';
  const folders: string[] = [];
  const clients: Pusher[] = [];

  /** One API call on a connection of its own (`agent: false`), so calls alternate between the processes. */
  function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          path: `/api${path}`,
          method,
          agent: false,
          headers: {
            accept: 'application/json',
            'site-key': DEFAULT_SITE.key,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            let json: Answer['json'] = null;
            try {
              json = JSON.parse(text) as Answer['json'];
            } catch {}
            resolve({ status: response.statusCode ?? 0, json });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  async function logIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const answer = await call('POST', '/login', { body: { email, password } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json?.data?.access_token as string;
  }

  async function uuidOf(token: string): Promise<string> {
    const me = await call('POST', '/me', { token });
    expect(me.status).toBe(200);
    return me.json?.data?.uuid as string;
  }

  /** A member's realtime connection as the site's pages open it (the socket lands on one process). */
  function realtimeClient(token: string): Pusher {
    const client = new Pusher('flirtlane-key', {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `http://127.0.0.1:${port}/api/broadcasting/auth`,
        transport: 'ajax',
        headers: { 'Site-key': DEFAULT_SITE.key, Authorization: `Bearer ${token}` },
      },
    });
    clients.push(client);
    return client;
  }

  function subscribed(client: Pusher, channelName: string) {
    const channel = client.subscribe(channelName);
    return new Promise<typeof channel>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve(channel));
      channel.bind('pusher:subscription_error', (error: unknown) =>
        reject(new Error(`${channelName}: ${JSON.stringify(error)}`)),
      );
    });
  }

  const emails = demoMembers().map((member) => member.email);

  beforeAll(async () => {
    if (!database) return;
    port = await freePort();
    const siteDir = mkdtempSync(join(tmpdir(), 'site-workers-site-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'site-workers-data-'));
    folders.push(siteDir, dataDir);
    site = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          WORKERS: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: `flirtlane-test:${randomUUID()}:`,
          SITE_DIR: siteDir,
          DATA_DIR: dataDir,
          SEED_DEMO_DATA: '1',
          LOG_LEVEL: 'info',
          MESSAGE_RATE_LIMIT: `${MESSAGES_PER_MINUTE}/60`,
          LOGIN_THROTTLE_PER_ACCOUNT: `${LOGIN_FAILURES_ALLOWED}/300`,
        },
      },
    );
    const ready = new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        // Each process says so once it listens; the second starts after the first is up.
        if (output.split('Flirtlane is running').length - 1 === 2) resolve();
      };
      site.stdout?.on('data', collect);
      site.stderr?.on('data', collect);
      site.once('exit', (code) => reject(new Error(`the site exited (${code}) while starting:\n${output}`)));
    });
    await ready;
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    if (site && site.exitCode === null) {
      const exited = once(site, 'exit');
      site.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (site.exitCode === null) site.kill('SIGKILL');
    }
    await database?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 30_000);

  it('shows an online member as online from both processes', async () => {
    const member = await logIn(emails[5] as string);
    const memberUuid = await uuidOf(member);
    await subscribed(realtimeClient(member), realtimeChannels.online);
    const viewer = await logIn(emails[6] as string);
    // Each process reads presence through Redis, cached for up to 10 s (first here, so nothing
    // has read it yet); read until four readers in a row (two per process) see the member online.
    // Without shared presence the process that does not hold the socket never would.
    const deadline = Date.now() + 15_000;
    let seen: unknown[] = [];
    do {
      seen = [];
      for (let i = 0; i < 4; i += 1) {
        const profile = await call('GET', `/profiles/${memberUuid}`, { token: viewer });
        seen.push(profile.status === 200 ? profile.json?.data?.online : profile.status);
      }
      if (seen.every((online) => online === true)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < deadline);
    expect(seen).toEqual([true, true, true, true]);
  }, 30_000);

  it('refuses a logged-out session in both processes at once', async () => {
    const token = await logIn(emails[1] as string);
    // Both processes check this session once and keep it (for up to 5 s; a read keeps it, a
    // write drops it) ...
    const list = () => call('GET', '/user-conversations', { token });
    for (let i = 0; i < 4; i += 1) expect((await list()).status).toBe(200);
    expect((await call('POST', '/logout', { token })).status).toBe(200);
    // ... until the database announces the logout: well within the wait below.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = [];
    for (let i = 0; i < 6; i += 1) after.push((await list()).status);
    expect(after).toEqual([401, 401, 401, 401, 401, 401]);
  }, 30_000);

  it('counts failed logins for an account across both processes', async () => {
    const email = emails[2] as string;
    const statuses = [];
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED + 3; i += 1) {
      statuses.push(
        (await call('POST', '/login', { body: { email, password: 'not-the-password-1' } })).status,
      );
    }
    expect(statuses).toEqual([...Array(LOGIN_FAILURES_ALLOWED).fill(422), ...Array(3).fill(429)]);
    // Locked in both processes, even with the right password.
    const right = [];
    for (let i = 0; i < 2; i += 1)
      right.push((await call('POST', '/login', { body: { email, password: DEMO_PASSWORD } })).status);
    expect(right).toEqual([429, 429]);
  }, 30_000);

  it('limits sends across both processes and delivers every accepted one live, once', async () => {
    const sender = await logIn(emails[3] as string);
    const reader = await logIn(emails[4] as string);
    const started = await call('POST', '/user-conversations', {
      token: sender,
      body: { recipient_uuid: await uuidOf(reader) },
    });
    expect(started.status).toBe(201);
    const conversation = started.json?.data?.uuid as string;
    const channel = await subscribed(realtimeClient(reader), realtimeChannels.conversation(conversation));
    const live: number[] = [];
    channel.bind('message.sent', (message: { id: number }) => live.push(message.id));

    const answers: Answer[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 2; i += 1) {
      answers.push(
        await call('POST', `/user-conversations/${conversation}/messages`, {
          token: sender,
          body: { type: 'text', body: `hello ${i}`, client_msg_id: randomUUID() },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(MESSAGES_PER_MINUTE).fill(201), 429, 429]);
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.json?.data?.id as number);
    const deadline = Date.now() + 5_000;
    while (live.length < accepted.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // a duplicate would arrive by now
    expect([...live].sort((a, b) => a - b)).toEqual([...accepted].sort((a, b) => a - b));
  }, 30_000);
});
