import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { triggerEvents } from './pusher-http-client';
import { RawClient, redisReachable, removeRedisKeys, testApp } from './test-support';

let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('standalone server (src/main.ts)', () => {
  it('serves the protocol and the HTTP API, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          REALTIME_APP_ID: testApp.id,
          REALTIME_APP_KEY: testApp.key,
          REALTIME_APP_SECRET: testApp.secret,
          REDIS_URL: '',
          ALLOWED_ORIGINS: 'http://localhost:3000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: child.stdout! });
    for await (const line of lines) {
      if ((JSON.parse(line) as { msg?: string }).msg === 'realtime listening') break;
    }

    const client = await RawClient.connect(port, { origin: 'http://localhost:3000' });
    await client.subscribe('private-notifications.user.s1');
    await triggerEvents(
      { host: '127.0.0.1', port, appId: testApp.id, key: testApp.key, secret: testApp.secret },
      ['private-notifications.user.s1'],
      'notification.created',
      { id: 1 },
    );
    expect((await client.nextEvent('notification.created')).data).toEqual({ id: 1 });

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await client.closed).code).toBe(4200);
    const [code] = await exited;
    expect(code).toBe(0);
  });
});

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisUp = await redisReachable(redisUrl);
// One namespace per run; whatever a failed run leaves (a killed process's nodes and presence) goes with it.
const keyPrefix = `flirtlane-test:${randomUUID()}:`;
afterAll(async () => {
  if (redisUp) await removeRedisKeys(redisUrl, keyPrefix);
});
if (!redisUp && process.env.CI)
  throw new Error(`CI runs the WORKERS tests, but Redis at ${redisUrl} is unreachable`);

function startMain(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      REALTIME_APP_ID: testApp.id,
      REALTIME_APP_KEY: testApp.key,
      REALTIME_APP_SECRET: testApp.secret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('standalone server as several processes (WORKERS)', () => {
  it('refuses WORKERS > 1 without Redis', async () => {
    child = startMain({ PORT: String(await freePort()), WORKERS: '2', REDIS_URL: '' });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(errors).toContain('WORKERS > 1 needs REDIS_URL');
  });

  it.skipIf(!redisUp)(
    'shares one port between two processes that fan out and count presence together through Redis',
    async () => {
      const port = await freePort();
      child = startMain({
        PORT: String(port),
        WORKERS: '2',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: keyPrefix,
      });
      // Both processes say so when they listen; the second starts once the first does.
      let listening = 0;
      for await (const line of createInterface({ input: child.stdout! })) {
        if ((JSON.parse(line) as { msg?: string }).msg === 'realtime listening') listening += 1;
        if (listening === 2) break;
      }
      // Each socket is a connection of its own, and the cluster hands them to the processes in
      // turn: two members on each. Without Redis between them, the event published through one
      // process would miss the other's sockets, and each would count only its own members.
      const members = ['ana', 'ben', 'cat', 'dan'];
      const clients: RawClient[] = [];
      try {
        const joined = [];
        for (const member of members) {
          const client = await RawClient.connect(port);
          clients.push(client);
          expect((await client.subscribe('site-news')).event).toBe('pusher_internal:subscription_succeeded');
          joined.push(await client.subscribe('presence-online', member));
        }
        const last = joined.at(-1)?.data as { presence: { ids: string[] } };
        expect([...last.presence.ids].sort()).toEqual(members);

        await triggerEvents(
          { host: '127.0.0.1', port, appId: testApp.id, key: testApp.key, secret: testApp.secret },
          ['site-news'],
          'greeting',
          { text: 'hello' },
        );
        for (const client of clients)
          expect((await client.nextEvent('greeting')).data).toEqual({ text: 'hello' });
      } finally {
        for (const client of clients) client.close();
      }
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    },
    30_000,
  );
});
