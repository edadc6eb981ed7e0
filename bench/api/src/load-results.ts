// Figures of one or more load runs of the same phase against the same server.
import type { LoadResult } from './messages';

/** The `p`th percentile (nearest rank) of ascending `sorted`, NaN when it is empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * The rounds of a phase taken in turn with the other server's (`--rounds`) as one result: answers
 * a second over all the rounds' windows, percentiles over all their latencies, CPU per answer over
 * all their answers. Interleaved rounds put both servers through the same moments of a machine
 * whose speed drifts while the run goes on (a shared VM: the same code's rate moved by a fifth).
 */
export function combinedRounds(rounds: LoadResult[]): LoadResult {
  const [first] = rounds;
  if (!first) throw new Error('no rounds to combine');
  if (rounds.length === 1) return first;
  const sum = (of: (r: LoadResult) => number) => rounds.reduce((n, r) => n + of(r), 0);
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const ok = sum((r) => r.ok);
  const windowSeconds = sum((r) => (r.perSecond > 0 ? r.ok / r.perSecond : 0));
  const answeredAll = sum((r) => r.answeredAll);
  const perAnswer = (of: (r: LoadResult) => number | undefined) =>
    rounds.every((r) => of(r) !== undefined) && answeredAll > 0
      ? sum((r) => (of(r) ?? 0) * r.answeredAll) / answeredAll
      : undefined;
  const statuses: Record<string, number> = {};
  for (const r of rounds)
    for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const sized = rounds.filter((r) => Number.isFinite(r.answerBytes));
  const cpuMsPerRequest = perAnswer((r) => r.cpuMsPerRequest);
  const dbCpuMsPerRequest = perAnswer((r) => r.dbCpuMsPerRequest);
  return {
    requests: sum((r) => r.requests),
    answeredAll,
    ok,
    perSecond: windowSeconds > 0 ? ok / windowSeconds : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    answerBytes: sized.length
      ? sized.reduce((n, r) => n + r.answerBytes * r.ok, 0) / sized.reduce((n, r) => n + r.ok, 0)
      : Number.NaN,
    statuses,
    latencies,
    ...(cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest }),
    ...(dbCpuMsPerRequest === undefined ? {} : { dbCpuMsPerRequest }),
  };
}
