import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { triggerEvents } from '@ukd/realtime-server/pusher-http-client';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeCredentials } from './realtime-credentials';
import { listenWithRealtime } from './test/realtime-site';

const dataDir = mkdtempSync(join(tmpdir(), 'site-realtime-'));
const credentials = realtimeCredentials(dataDir, {});
let port = 0;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ port, close } = await listenWithRealtime(
    { apps: [credentials] },
    { siteDir: mkdtempSync(join(tmpdir(), 'site-')) },
  ));
});
afterAll(() => close());

describe('realtime on the site origin', () => {
  it('keeps the generated secret and the public key', () => {
    expect(realtimeCredentials(dataDir, {})).toEqual(credentials);
    expect(credentials.key).toBe('flirtlane-key');
    expect(credentials.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('serves pusher-js sockets at /app/{key} and the signed HTTP API at /apps/{id}', async () => {
    const client = new Pusher(credentials.key, {
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      cluster: '',
    });
    try {
      const received = new Promise<unknown>((resolve) => {
        const channel = client.subscribe('site-news');
        channel.bind('pusher:subscription_succeeded', () => {
          void triggerEvents(
            {
              host: '127.0.0.1',
              port,
              appId: credentials.id,
              key: credentials.key,
              secret: credentials.secret,
            },
            ['site-news'],
            'greeting',
            { text: 'hello' },
          );
        });
        channel.bind('greeting', resolve);
      });
      expect(await received).toEqual({ text: 'hello' });
    } finally {
      client.disconnect();
    }
  });

  it('refuses an unsigned HTTP API call', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/apps/${credentials.id}/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', channels: ['site-news'], data: '{}' }),
    });
    expect(response.status).toBe(401);
  });
});
