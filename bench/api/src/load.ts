// The load generator, in its own process so it never shares the servers' event loops: an undici
// pool of keep-alive connections, closed loop (N requests always in flight) or open loop (request
// i starts at i / rate whatever happened to the others; latency counts from that scheduled start,
// so a saturated server shows as latency, not as a quietly lower rate).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Pool } from 'undici';
import { percentile } from './load-results';
import type { LoadJob, LoadResult } from './messages';

async function run(job: LoadJob): Promise<LoadResult> {
  const connections = job.mode === 'closed' ? job.concurrency : Math.max(64, job.concurrency);
  // A request unanswered after 15 s counts as an error, so a saturated open loop still ends.
  const pool = new Pool(job.origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let measuring = false;
  let lastDone = 0;

  let answeredAll = 0;
  // Bytes of the measured 2xx answers' bodies (their Content-Length): the list's answer is many
  // times the baseline's, and sending and reading it is part of what each side pays.
  let answerBytes = 0;
  let answersSized = 0;
  // Each measured answer as "started-ms latency-ms status" (the phase's start is 0), to see when
  // the slow ones started (BENCH_TRACE, one file per phase and server).
  const traceFile = job.traceFile;
  const trace: string[] | undefined = traceFile ? [] : undefined;
  const traceStart = performance.now();
  async function one(scheduledAt: number): Promise<void> {
    const target = job.targets[next % job.targets.length];
    next += 1;
    if (!target) return;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'site-key': job.siteKey,
      authorization: `Bearer ${target.token}`,
    };
    if (job.acceptEncoding) headers['accept-encoding'] = job.acceptEncoding;
    let body: string | undefined;
    if (target.method === 'POST') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify({
        client_msg_id: randomUUID(),
        type: 'text',
        body: 'Fancy a coffee on Saturday?',
      });
    }
    let status = 'error';
    try {
      const res = await pool.request({
        method: target.method,
        path: target.path,
        headers,
        body: body ?? null,
      });
      await res.body.dump({ limit: Number.POSITIVE_INFINITY }).catch(() => res.body.text());
      status = String(res.statusCode);
      const length = Number(res.headers['content-length']);
      if (measuring && status.startsWith('2') && Number.isFinite(length)) {
        answerBytes += length;
        answersSized += 1;
      }
    } catch {
      status = 'error';
    }
    answeredAll += 1;
    if (!measuring) return;
    statuses[status] = (statuses[status] ?? 0) + 1;
    lastDone = performance.now();
    latencies.push(lastDone - scheduledAt);
    trace?.push(`${(scheduledAt - traceStart).toFixed(1)} ${(lastDone - scheduledAt).toFixed(1)} ${status}`);
  }

  const warmupMs = job.warmupSeconds * 1000;
  const durationMs = job.seconds * 1000;
  let started = 0;
  let ended = 0;
  if (job.mode === 'closed') {
    const phaseStart = performance.now();
    const deadline = phaseStart + warmupMs + durationMs;
    setTimeout(() => {
      measuring = true;
      started = performance.now();
    }, warmupMs);
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (performance.now() < deadline) await one(performance.now());
      }),
    );
    ended = performance.now();
  } else {
    // Warm up at the same rate, then measure every request scheduled inside the window.
    const intervalMs = 1000 / job.rate;
    const begin = performance.now();
    const total = Math.round(((warmupMs + durationMs) / 1000) * job.rate);
    const warmupCount = Math.round((warmupMs / 1000) * job.rate);
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i += 1) {
      const due = begin + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      if (i === warmupCount) {
        measuring = true;
        started = due;
      }
      inFlight.push(one(due));
      if (inFlight.length > 5_000) await Promise.all(inFlight.splice(0, inFlight.length));
    }
    await Promise.all(inFlight);
    // A server that cannot keep up answers the last requests late: the rate is over that span.
    ended = Math.max(begin + total * intervalMs, lastDone);
  }
  await pool.close();
  if (traceFile && trace) writeFileSync(traceFile, `${trace.join('\n')}\n`);
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses)
    .filter(([s]) => s.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  return {
    requests: latencies.length,
    answeredAll,
    ok,
    perSecond: ok / ((ended - started) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    answerBytes: answersSized ? answerBytes / answersSized : Number.NaN,
    statuses,
    latencies,
  };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
