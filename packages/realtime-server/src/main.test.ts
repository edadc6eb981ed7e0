import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { triggerEvents } from './pusher-http-client';
import { RawClient, testApp } from './test-support';

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
