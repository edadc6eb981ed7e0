import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedSocketOrigins } from './embedded-site';
import { realtimeCredentials } from './realtime-credentials';
import { listenWithRealtime } from './test/realtime-site';

const credentials = realtimeCredentials(mkdtempSync(join(tmpdir(), 'site-origin-')), {});
const siteUrl = 'http://localhost:4173';
let port = 0;
let close: () => Promise<void>;

beforeAll(async () => {
  // What startEmbeddedSite gives the realtime server when ALLOWED_ORIGINS is unset.
  ({ port, close } = await listenWithRealtime(
    { apps: [credentials], allowedOrigins: allowedSocketOrigins({}, siteUrl) },
    { siteDir: mkdtempSync(join(tmpdir(), 'site-')), siteUrl },
  ));
});
afterAll(() => close());

/** Opens `/app/{key}` with an Origin header and answers the server's first frame (a text frame). */
function firstFrame(origin: string | undefined): Promise<{ event: string; data: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: `/app/${credentials.key}?protocol=7&client=js&version=8.6.0`,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('0123456789abcdef').toString('base64'),
        ...(origin ? { Origin: origin } : {}),
      },
    });
    req.on('upgrade', (_response, socket, head) => {
      let buffer = head;
      const tryRead = () => {
        if (buffer.length < 2) return;
        let length = (buffer[1] as number) & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        }
        if (buffer.length < offset + length) return;
        socket.destroy();
        const frame = JSON.parse(buffer.subarray(offset, offset + length).toString('utf8'));
        resolve({
          event: frame.event,
          data: typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data,
        });
      };
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        tryRead();
      });
      tryRead();
    });
    req.on('error', reject);
    req.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    req.end();
  });
}

describe('WebSocket Origin (issue #13, item 8: not checked by default)', () => {
  it('allows only the site origin when ALLOWED_ORIGINS is unset, the listed ones when set', () => {
    expect(allowedSocketOrigins({}, 'https://flirtlane.example/')).toEqual(['https://flirtlane.example']);
    expect(
      allowedSocketOrigins({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }, siteUrl),
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('refuses a socket opened by another site’s page', async () => {
    const frame = await firstFrame('https://evil.example');
    expect(frame.event).toBe('pusher:error');
    expect(frame.data).toMatchObject({ code: 4009, message: 'Origin not allowed' });
  });

  it('accepts a socket from the site’s own origin', async () => {
    const frame = await firstFrame(siteUrl);
    expect(frame.event).toBe('pusher:connection_established');
    expect(frame.data).toMatchObject({ socket_id: expect.stringMatching(/^\d+\.\d+$/) });
  });
});
