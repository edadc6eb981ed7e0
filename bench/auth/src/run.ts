// Fixed-rate load on POST /api/login and POST /api/me, on loopback, against PGlite and (when
// reachable) PostgreSQL. Open loop: requests start on schedule whether or not earlier ones have
// answered, and latency counts from the scheduled start, so a slow server cannot hide its queue.
//
// Env: BENCH_SECONDS (10), BENCH_LOGIN_RATE (20/s), BENCH_ME_RATE (200/s),
//      BENCH_DATABASE_URL (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, throwawayDatabase } from '@ukd/api';
import Fastify from 'fastify';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const LOGIN_RATE = Number(process.env.BENCH_LOGIN_RATE) || 20;
const ME_RATE = Number(process.env.BENCH_ME_RATE) || 200;
const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const SITE_KEY = 'ukdating-site01';
const PASSWORD = 'Bench-Pass-2026!';

interface Result {
  driver: string;
  scenario: string;
  rate: number;
  sent: number;
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  throughput: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function fixedRate(
  driver: string,
  scenario: string,
  rate: number,
  seconds: number,
  request: () => Promise<Response>,
): Promise<Result> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let ok = 0;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      request()
        .then(async (res) => {
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.ok) ok += 1;
        })
        .catch((err: unknown) => {
          const key = err instanceof Error ? err.name : 'error';
          statuses[key] = (statuses[key] ?? 0) + 1;
        })
        .finally(() => {
          latencies.push(performance.now() - scheduled);
        }),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    driver,
    scenario,
    rate,
    sent: total,
    ok,
    errors: total - ok,
    statuses,
    throughput: ok / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
  };
}

async function benchDriver(
  driver: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
): Promise<Result[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-auth-'));
  // Production argon2id cost: login latency is dominated by it, as it should be.
  const api = await createApi({
    dataDir,
    siteUrl: 'http://localhost:3000',
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const app = Fastify({ logger: false });
  await app.register(api.plugin, { prefix: '/api' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const headers = { 'site-key': SITE_KEY, 'content-type': 'application/json', 'device-id': 'bench' };
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const reg = await fetch(`${base}/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        username: `bench_${randomBytes(4).toString('hex')}`,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        gender: 'female',
        date_of_birth: '1990-01-01',
        city: 'London',
        terms: true,
      }),
    });
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
    const { access_token } = ((await reg.json()) as { data: { access_token: string } }).data;
    const loginBody = JSON.stringify({ email, password: PASSWORD });

    // Warm up connections, JIT and caches before measuring.
    for (let i = 0; i < 5; i++)
      await (await fetch(`${base}/login`, { method: 'POST', headers, body: loginBody })).text();

    const login = await fixedRate(driver, 'POST /api/login', LOGIN_RATE, SECONDS, () =>
      fetch(`${base}/login`, { method: 'POST', headers, body: loginBody }),
    );
    const me = await fixedRate(driver, 'POST /api/me', ME_RATE, SECONDS, () =>
      fetch(`${base}/me`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${access_token}` },
      }),
    );
    return [login, me];
  } finally {
    await app.close();
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(results: Result[]): void {
  const rows = results.map((r) => ({
    driver: r.driver,
    scenario: r.scenario,
    'rate/s': r.rate,
    sent: r.sent,
    ok: r.ok,
    errors: r.errors,
    'throughput/s': r.throughput.toFixed(1),
    'p50 ms': r.p50.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
    'max ms': r.max.toFixed(1),
    statuses: Object.entries(r.statuses)
      .map(([k, v]) => `${k}:${v}`)
      .join(' '),
  }));
  console.table(rows);
}

const results: Result[] = [];
console.log(`bench-auth: ${SECONDS}s per scenario; login ${LOGIN_RATE}/s, me ${ME_RATE}/s; loopback only`);
results.push(...(await benchDriver('pglite', undefined)));
const pgDb = await throwawayDatabase(PG_URL, 'bench_auth');
if (!pgDb) console.log(`PostgreSQL not reachable at ${PG_URL}: PostgreSQL run skipped.`);
if (pgDb) {
  try {
    results.push(...(await benchDriver('postgres', pgDb.url)));
  } finally {
    await pgDb.drop();
  }
}
report(results);
const failed = results.some((r) => r.errors > 0);
if (failed) console.log('Some requests failed: see the statuses column.');
