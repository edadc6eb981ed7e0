import { createServer, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/error-handler';
import { openDatabase } from './database';
import { CONNECT_TIMEOUT_MS, isDatabaseUnavailable } from './database-unavailable';

/** A port that accepts connections and never answers: a database that is away without refusing. */
async function blackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function closedPort(): Promise<number> {
  const hole = await blackHole();
  await hole.close();
  return hole.port;
}

async function connectError(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 300 });
  return client.connect().then(
    () => client.end().then(() => new Error('connected')),
    (error: unknown) => error,
  );
}

describe('a database that is away (fault suite, issue #13)', () => {
  let hole: Awaited<ReturnType<typeof blackHole>>;
  beforeAll(async () => {
    hole = await blackHole();
  });
  afterAll(() => hole.close());

  it("tells node-postgres's connection failures from query errors, also wrapped as drizzle wraps them", async () => {
    const refused = await connectError(`postgres://postgres@127.0.0.1:${await closedPort()}/x`);
    const timedOut = await connectError(`postgres://postgres@127.0.0.1:${hole.port}/x`);
    const shutDown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    for (const error of [refused, timedOut, shutDown, new Error('Connection terminated unexpectedly')]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    for (const error of [unique, syntax, new Error('Failed query', { cause: unique }), 'text', null]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('gives up on a server that accepts and never answers within the connect bound', async () => {
    const started = Date.now();
    const error = await openDatabase({
      dataDir: '',
      databaseUrl: `postgres://postgres@127.0.0.1:${hole.port}/x`,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3000);
  });

  it('answers 503 with Retry-After, not 500, for it; other errors stay 500', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    const refused = await connectError(`postgres://postgres@127.0.0.1:${await closedPort()}/x`);
    app.get('/away', async () => {
      throw new Error('Failed query: select 1', { cause: refused });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const away = await app.inject({ method: 'GET', url: '/away' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({ message: 'Service Unavailable' });
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
