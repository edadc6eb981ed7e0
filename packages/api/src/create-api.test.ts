import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsPerProcess } from './db/pool-size';
import { createApi, DEMO_PASSWORD, loadApiOptionsFromEnv } from './index';
import { DEFAULT_COMPANY, resolveApiOptions } from './options';
import { demoMembers } from './seed/demo-members';

describe('createApi embedded default (PGlite on disk, demo data, host integration)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ukd-api-embedded-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function boot() {
    const api = await createApi({
      dataDir,
      siteUrl: 'http://localhost:3000',
      seedDemoData: true,
      passwordHashing: { memoryCost: 1024, timeCost: 1 },
    });
    // The host serves static files beside the API, with its own 404.
    const host = Fastify({ logger: false });
    host.get('/', async () => 'home page');
    host.setNotFoundHandler(async (_req, reply) =>
      reply.code(404).type('text/html').send('<h1>site 404</h1>'),
    );
    await host.register(api.plugin, { prefix: '/api' });
    await host.ready();
    return { api, host };
  }

  it('persists data and the secret under dataDir, seeds demo members once, leaves the host alone', async () => {
    const first = await boot();
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    const secret = readFileSync(join(dataDir, 'secrets', 'jwt-secret'), 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    const login = await first.host.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'site-key': 'ukdating-site01', 'content-type': 'application/json' },
      payload: { email: 'demo@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token;

    // Host routes and the host's 404 are untouched by the API's hooks, parsers and handlers.
    expect((await first.host.inject({ method: 'GET', url: '/' })).body).toBe('home page');
    const hostMissing = await first.host.inject({ method: 'GET', url: '/no-such-page' });
    expect(hostMissing.body).toBe('<h1>site 404</h1>');
    const hostJson = await first.host.inject({
      method: 'POST',
      url: '/no-such-page',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(hostJson.statusCode).not.toBe(422);
    await first.host.close();
    await first.api.close();

    // Second start: same secret, token still valid, no duplicate seeding.
    const second = await boot();
    expect(readFileSync(join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).toBe(secret);
    const me = await second.host.inject({
      method: 'POST',
      url: '/api/me',
      headers: { 'site-key': 'ukdating-site01', authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ username: 'demo', credits: 100, email_confirmed: true });
    // Demo members have filled-in profiles and approved generated portraits, so browse has pictures.
    expect(me.json().data.primary_photo.url).toMatch(/\/api\/photos\/[0-9a-f]{32}\.jpg$/);
    const browse = await second.host.inject({
      method: 'GET',
      url: '/api/profiles?filter[with_photo]=1&limit=60',
      headers: { 'site-key': 'ukdating-site01', authorization: `Bearer ${token}` },
    });
    expect(browse.json().meta.total).toBe(demoMembers().length - 1);
    const card = browse.json().data[0];
    expect(card.region).not.toBeNull();
    // Sample members say so wherever they appear.
    expect(browse.json().data.every((profile: { demo: boolean }) => profile.demo)).toBe(true);
    const picture = await second.host.inject({
      method: 'GET',
      url: new URL(card.primary_photo.url).pathname,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const sam = await second.host.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'site-key': 'ukdating-site01', 'content-type': 'application/json' },
      payload: { email: 'sam@example.com', password: DEMO_PASSWORD },
    });
    expect(sam.statusCode).toBe(200);
    await second.host.close();
    await second.api.close();
    // Two boots, the first seeding 44 members with rendered portraits: slow on a busy machine.
  }, 90_000);

  it('demo members are deterministic, varied and across UK cities', () => {
    const members = demoMembers();
    expect(members).toEqual(demoMembers());
    expect(members.length).toBeGreaterThanOrEqual(40);
    expect(members[0]).toMatchObject({ email: 'demo@example.com', gender: 'male' });
    expect(members[1]).toMatchObject({ email: 'sam@example.com', gender: 'female' });
    expect(new Set(members.map((m) => m.city)).size).toBeGreaterThan(10);
    expect(new Set(members.map((m) => m.email)).size).toBe(members.length);
    expect(new Set(members.map((m) => m.username.toLowerCase())).size).toBe(members.length);
  });

  it('reads options from the environment', () => {
    expect(loadApiOptionsFromEnv({})).toMatchObject({
      dataDir: '.data',
      siteUrl: 'http://localhost:3000',
      seedDemoData: true,
    });
    const scaled = loadApiOptionsFromEnv({
      DATABASE_URL: 'postgres://db/app',
      SITE_URL: 'https://flirtlane.example',
      JWT_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      REALTIME_HOST: 'ws.flirtlane.example',
      REALTIME_PORT: '443',
      REALTIME_SCHEME: 'wss',
      LOGIN_THROTTLE_PER_IP: '100/60',
    });
    expect(scaled).toMatchObject({
      databaseUrl: 'postgres://db/app',
      seedDemoData: false,
      smtpUrl: 'smtp://mail:25',
      realtime: { host: 'ws.flirtlane.example', port: 443, scheme: 'wss' },
      loginThrottle: {
        perAccount: { maxAttempts: 5, decaySeconds: 300 },
        perIp: { maxAttempts: 100, decaySeconds: 60 },
      },
    });
  });

  it('sizes the PostgreSQL pool at about two connections per core over the processes, unless DB_POOL_SIZE says', () => {
    const cores = availableParallelism();
    const pool = (env: NodeJS.ProcessEnv) => loadApiOptionsFromEnv(env).dbPoolSize;
    expect(pool({})).toBe(Math.max(2, 2 * cores));
    expect(pool({ WORKERS: String(cores) })).toBe(2);
    expect(pool({ WORKERS: '64' })).toBe(Math.max(2, Math.round(cores / 32)));
    expect(pool({ DB_POOL_SIZE: '7', WORKERS: '3' })).toBe(7);
    // Not a count: the rule, not a pool of none.
    expect(pool({ DB_POOL_SIZE: '0' })).toBe(Math.max(2, 2 * cores));
    expect(pool({ DB_POOL_SIZE: 'ten' })).toBe(Math.max(2, 2 * cores));
    expect(connectionsPerProcess(1, 2)).toBe(4);
    expect(connectionsPerProcess(2, 2)).toBe(2);
    expect(connectionsPerProcess(3, 16)).toBe(11);
    expect(connectionsPerProcess(1, 1)).toBe(2);
  });

  it('reads the support address and company from SUPPORT_EMAIL, COMPANY_NAME and COMPANY_ADDRESS', () => {
    const support = (env: NodeJS.ProcessEnv) =>
      resolveApiOptions({ ...loadApiOptionsFromEnv(env), jwtSecret: 's'.repeat(40), dataDir: tmpdir() })
        .support;
    expect(
      support({
        SUPPORT_EMAIL: 'help@example.co.uk',
        COMPANY_NAME: 'Example Ltd',
        COMPANY_ADDRESS: '1 High St, York YO1 1AA',
      }),
    ).toEqual({
      email: 'help@example.co.uk',
      companyName: 'Example Ltd',
      companyAddress: '1 High St, York YO1 1AA',
    });
    // Unset: the site's own domain and the documented default company.
    expect(support({ SITE_URL: 'https://www.flirtlane.co.uk' })).toEqual({
      email: 'support@flirtlane.co.uk',
      companyName: DEFAULT_COMPANY.name,
      companyAddress: DEFAULT_COMPANY.address,
    });
  });
});
