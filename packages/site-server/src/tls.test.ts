import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tlsFromEnv } from './embedded-site';
import { realtimeCredentials } from './realtime-credentials';
import { listenWithRealtime } from './test/realtime-site';

const dir = mkdtempSync(join(tmpdir(), 'site-tls-'));
const keyFile = join(dir, 'key.pem');
const certFile = join(dir, 'cert.pem');
execFileSync('openssl', [
  'req',
  '-x509',
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-keyout',
  keyFile,
  '-out',
  certFile,
  '-days',
  '1',
  '-subj',
  '/CN=127.0.0.1',
  '-addext',
  'subjectAltName=IP:127.0.0.1',
]);
const siteDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(siteDir, 'hello.txt'), 'hello');
const credentials = realtimeCredentials(dir, {});
let port = 0;
let close: () => Promise<void>;

beforeAll(async () => {
  const site = tlsFromEnv({ TLS_KEY: keyFile, TLS_CERT: certFile });
  if (!site) throw new Error('no TLS options');
  ({ port, close } = await listenWithRealtime({ apps: [credentials] }, { siteDir, tls: site }));
});
afterAll(() => close());

describe('the site over TLS', () => {
  it('answers browsers over HTTP/2, one connection for many requests', async () => {
    const session = http2.connect(`https://127.0.0.1:${port}`, { ca: readFileSync(certFile) });
    try {
      const ask = (path: string) =>
        new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
          const stream = session.request({ ':path': path });
          stream.on('response', (headers) =>
            resolve({ status: Number(headers[':status']), hsts: headers['strict-transport-security'] }),
          );
          stream.on('error', reject);
          stream.resume();
        });
      const answers = await Promise.all([ask('/api/nothing'), ask('/shell/none.js'), ask('/apps/x')]);
      expect(session.alpnProtocol).toBe('h2');
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
      // Reached over https, the site asks to be reached so again.
      expect(answers[1]?.hsts).toMatch(/max-age=\d+/);
    } finally {
      session.close();
    }
  });

  it('still opens realtime sockets, which browsers ask for over HTTP/1.1', async () => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      ca: readFileSync(certFile),
      ALPNProtocols: ['http/1.1'],
    });
    try {
      const received = new Promise<string>((resolve, reject) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (text.includes('pusher:connection_established')) resolve(text);
        });
        socket.on('error', reject);
      });
      socket.write(
        [
          `GET /app/${credentials.key}?protocol=7 HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          '',
          '',
        ].join('\r\n'),
      );
      const text = await received;
      expect(text.startsWith('HTTP/1.1 101')).toBe(true);
    } finally {
      socket.destroy();
    }
  });

  it('needs both a key and a certificate, or neither', () => {
    expect(tlsFromEnv({})).toBeUndefined();
    expect(() => tlsFromEnv({ TLS_KEY: keyFile })).toThrow(/both TLS_KEY and TLS_CERT/);
  });
});
