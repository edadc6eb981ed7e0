import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, startTestApi, type TestApi } from '../test/harness';
import { SMALLEST_COMPRESSED } from './answer-compression';

describe('answers compressed for clients that accept it', () => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi('pglite');
    token = (await registerMember(api)).access_token;
  });
  afterAll(async () => {
    await api?.close();
  });

  const read = (url: string, acceptEncoding?: string) =>
    api.call('GET', url, { token, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a read as brotli to a browser, gzip to a client that only takes gzip, the same JSON', async () => {
    const plain = await read('/api/docs');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(SMALLEST_COMPRESSED);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await read('/api/docs', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await read('/api/docs', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('compresses a portrait, an answer handed over as bytes rather than text', async () => {
    const url = '/api/avatars/female-01.svg';
    const plain = await api.call('GET', url, { siteKey: null });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(SMALLEST_COMPRESSED);
    const br = await api.call('GET', url, { siteKey: null, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("compresses a member's own read and keeps its headers", async () => {
    const about = 'I love long walks on the South Downs, live music and Sunday roasts. '.repeat(12);
    expect((await api.call('PUT', '/api/my-profile', { token, body: { about } })).statusCode).toBe(200);
    const plain = await read('/api/my-profile');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(SMALLEST_COMPRESSED);
    const br = await read('/api/my-profile', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends the plain answer when the client refuses both codings or names neither', async () => {
    for (const header of ['br;q=0, gzip;q=0', 'identity', 'deflate', '*;q=0']) {
      const res = await read('/api/docs', header);
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.json().openapi).toBe('3.1.0');
    }
  });

  it('never compresses the answer of a write, where a secret sits beside what the client sent', async () => {
    const member = await registerMember(api);
    const login = await api.call('POST', '/api/login', {
      body: { email: member.email, password: member.password },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.access_token).toEqual(expect.any(String));
    expect(login.headers['content-encoding']).toBeUndefined();
    // A write answering more than a packet's worth: the rule, not the size, keeps it plain.
    const about = 'Coffee, cinemas and coastal walks; tell me your favourite film. '.repeat(12);
    const put = await api.call('PUT', '/api/my-profile', {
      token: member.access_token,
      body: { about },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.rawPayload.length).toBeGreaterThan(SMALLEST_COMPRESSED);
    expect(put.headers['content-encoding']).toBeUndefined();
  });

  it('leaves an answer under a packet as it is', async () => {
    const res = await api.call('GET', '/api/notifications/count', {
      token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(SMALLEST_COMPRESSED);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary ?? '').not.toMatch(/accept-encoding/i);
  });
});
