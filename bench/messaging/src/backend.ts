// The composed backend as packages/site-server/src/main.ts builds it: the realtime server mounted
// on the site's Fastify instance, the API with the in-process broadcaster, one loopback port.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Credits go through the API's own ledger service, as every credit change does.
import {
  appendCredits,
  createApiWithContext,
  DEFAULT_SITE,
  inProcessBroadcaster,
  throwawayDatabase,
} from '@ukd/api';
import { createRealtimeServer } from '@ukd/realtime-server';
import { createSiteServer } from '@ukd/site-server';

export const SITE_KEY = DEFAULT_SITE.key;
const PASSWORD = 'Bench-Pass-2026!';

export interface Backend {
  port: number;
  appKey: string;
  /** The API's token secret: the bare baseline checks the same access tokens. */
  jwtSecret: string;
  /** Gives a member credits through the ledger (a `promotion` entry). */
  grantCredits(userId: number, credits: number): Promise<void>;
  close(): Promise<void>;
}

export interface Member {
  uuid: string;
  token: string;
}

export async function startBackend(opts: { databaseUrl?: string; members: number }): Promise<Backend> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-messaging-'));
  // The site server serves the built site from here; the benchmark needs none of it.
  const siteDir = join(dataDir, 'site');
  await mkdir(join(siteDir, 'shell'), { recursive: true });
  await mkdir(join(siteDir, 'remotes'), { recursive: true });
  // As realtimeCredentials() gives them: id flirtlane, key flirtlane-key, a generated secret.
  const credentials = { id: 'flirtlane', key: 'flirtlane-key', secret: randomBytes(32).toString('hex') };
  const realtime = await createRealtimeServer({
    apps: [credentials],
    // Every client comes from 127.0.0.1: keep the per-IP cap (500) out of the way of big runs.
    ...(opts.members > 400 ? { limits: { maxConnectionsPerIp: 0 } } : {}),
  });
  const jwtSecret = randomBytes(48).toString('base64url');
  const api = await createApiWithContext({
    dataDir,
    jwtSecret,
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    siteUrl: 'http://localhost:3000',
    realtimeApp: { id: credentials.id, secret: credentials.secret },
    broadcaster: inProcessBroadcaster(realtime, credentials.id),
    // The flood limit (30 a minute) and registrations per address (60 an hour) would refuse a
    // benchmark, whose members all come from 127.0.0.1; cheap hashing registers them fast.
    messageRateLimit: { perWindow: 1_000_000, windowSeconds: 60 },
    registrationLimit: { maxAttempts: 1_000_000, decaySeconds: 3600 },
    passwordHashing: { memoryCost: 1024, timeCost: 1 },
  });
  const app = await createSiteServer({ siteDir, realtime });
  await app.register(api.plugin, { prefix: '/api' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    port,
    appKey: credentials.key,
    jwtSecret,
    async grantCredits(userId, credits) {
      const entry = await appendCredits(api.context.db, { userId, delta: credits, reason: 'promotion' });
      if (!entry) throw new Error(`credits for member ${userId} refused`);
    },
    async close() {
      // As the site server shuts down: realtime first, then HTTP, then the database.
      await realtime.close();
      await app.close();
      await api.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(
  port: number,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'site-key': SITE_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data: T };
  return { status: res.status, data: json.data };
}

/** Registers a member through the API and reads back its id and uuid. */
export async function registerMember(port: number, tag: string): Promise<Member> {
  const reg = await call<{ access_token: string }>(port, 'POST', '/register', {
    username: `bench_${tag}`,
    email: `bench-${tag}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    gender: 'female',
    date_of_birth: '1990-01-01',
    city: 'London',
    terms: true,
    captcha: 'test-captcha-pass',
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status}`);
  const token = reg.data.access_token;
  const me = await call<{ uuid: string }>(port, 'POST', '/me', undefined, token);
  if (me.status !== 200) throw new Error(`/me failed: ${me.status}`);
  return { uuid: me.data.uuid, token };
}

/** Starts (or finds) the conversation between two members; answers its uuid and the sender's id. */
export async function startConversation(
  port: number,
  from: Member,
  to: Member,
): Promise<{ uuid: string; senderId: number }> {
  const res = await call<{ uuid: string; initiator_id: number }>(
    port,
    'POST',
    '/user-conversations',
    { recipient_uuid: to.uuid },
    from.token,
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`conversation failed: ${res.status}`);
  return { uuid: res.data.uuid, senderId: res.data.initiator_id };
}

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A throw-away PostgreSQL database, or null when the server is not reachable. */
export const postgresDatabase = () => throwawayDatabase(PG_URL, 'bench_messaging');

export const postgresUrl = PG_URL;
