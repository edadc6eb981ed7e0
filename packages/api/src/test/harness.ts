import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPTCHA } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { type ThrowawayDatabase, throwawayDatabase } from '../db/throwaway-database';
import { type ApiOptions, createApiWithContext, DEFAULT_SITE } from '../index';
import { appendCredits } from '../messaging/credit-ledger';

export type Driver = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresUp = await postgresReachable();
if (!postgresUp) {
  const where = `PostgreSQL is not reachable at ${TEST_DATABASE_URL}`;
  if (process.env.CI) throw new Error(`${where}: CI runs the suite on PostgreSQL too, so this is a failure.`);
  console.warn(`\n!!! ${where}: PostgreSQL tests are skipped.\n`);
}

/** The drivers the suite runs on; PostgreSQL is marked skip (visibly) when unreachable outside CI. */
export const drivers: { driver: Driver; skip: boolean }[] = [
  { driver: 'pglite', skip: false },
  { driver: 'postgres', skip: !postgresUp },
];

/** A fresh database on the test server, dropped again by the returned function. */
async function freshPostgresDatabase(): Promise<ThrowawayDatabase> {
  const database = await throwawayDatabase(TEST_DATABASE_URL, 'api_test');
  if (!database) throw new Error(`PostgreSQL is not reachable at ${TEST_DATABASE_URL}`);
  return database;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: Record<string, string>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
  siteKey?: string | null;
}

export interface TestApi {
  app: FastifyInstance;
  dataDir: string;
  driver: Driver;
  context: AppContext;
  databaseUrl: string | undefined;
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  outbox(): Promise<Mail[]>;
  close(): Promise<void>;
}

export async function startTestApi(driver: Driver, overrides: Partial<ApiOptions> = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ukd-api-test-'));
  // A given databaseUrl is shared (two API processes on one database); otherwise each API gets its own.
  const pgDb = driver === 'postgres' && !overrides.databaseUrl ? await freshPostgresDatabase() : null;
  const api = await createApiWithContext({
    dataDir,
    databaseUrl: pgDb ? pgDb.url : 'memory://',
    siteUrl: 'http://localhost:3000',
    jwtSecret: 'test-secret-test-secret-test-secret-0123',
    // Cheap hashing keeps the suite fast; production uses OWASP's argon2id parameters.
    passwordHashing: { memoryCost: 1024, timeCost: 1 },
    dbPoolSize: 4,
    // Suites register many members from 127.0.0.1; the per-IP registration limit has its own tests.
    registrationLimit: { maxAttempts: 100_000, decaySeconds: 3600 },
    // The suites read the OpenAPI document; production serves it only with API_DOCS=1.
    apiDocs: true,
    ...overrides,
  });
  const app = Fastify({ logger: false });
  await app.register(api.plugin, { prefix: '/api' });
  await app.ready();
  return {
    app,
    dataDir,
    driver,
    context: api.context,
    databaseUrl: pgDb?.url ?? overrides.databaseUrl,
    call(method, url, options = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (options.siteKey !== null) headers['site-key'] = options.siteKey ?? DEFAULT_SITE.key;
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const inject: InjectOptions = { method, url, headers, remoteAddress: options.ip ?? '127.0.0.1' };
      if (options.body !== undefined) {
        if (typeof options.body === 'string') inject.payload = options.body;
        else {
          inject.payload = JSON.stringify(options.body);
          headers['content-type'] ??= 'application/json';
        }
      }
      return app.inject(inject);
    },
    async outbox() {
      const dir = join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Mail));
    },
    async close() {
      await app.close();
      await api.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique member for one test. */
export function newMember(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    password: 'Correct-Horse-42',
    password_confirmation: 'Correct-Horse-42',
    gender: 'female',
    date_of_birth: '1995-06-15',
    city: 'Leeds',
    terms: true,
    captcha: CAPTCHA.testToken,
    ...overrides,
  };
}

/** Registers a member and returns their credentials and first token pair. */
export async function registerMember(api: TestApi, overrides: Record<string, unknown> = {}, ip?: string) {
  const member = newMember(overrides);
  const res = await api.call('POST', '/api/register', { body: member, ...(ip ? { ip } : {}) });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const tokens = res.json().data as { access_token: string; refresh_token: string };
  return { ...member, ...tokens };
}

/** Registers a member with `credits` given to them (a ledger entry), with their database row. */
export async function memberWithCredits(api: TestApi, credits: number) {
  const m = await registerMember(api);
  const [row] = await api.context.db.select().from(users).where(eq(users.email, m.email));
  if (!row) throw new Error('member missing');
  if (credits) await appendCredits(api.context.db, { userId: row.id, delta: credits, reason: 'promotion' });
  return { ...m, row };
}

/** The session id inside an access token. */
export const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

let ipCounter = 0;
/** A fresh client IP, so per-IP login throttling in one test does not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
