/** One request the load generator repeats (round robin over the list). */
export interface LoadTarget {
  method: 'GET' | 'POST';
  path: string;
  token: string;
}

/** What the driver asks the load process to do. */
export interface LoadJob {
  origin: string;
  siteKey: string;
  targets: LoadTarget[];
  mode: 'closed' | 'open';
  /** Closed loop: requests in flight; open loop: connections available. */
  concurrency: number;
  /** Open loop: requests per second. */
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** `Accept-Encoding` of every request, if any. */
  acceptEncoding?: string;
  /** Where to write each measured answer's start, latency and status (BENCH_TRACE), if anywhere. */
  traceFile?: string;
}

export interface LoadResult {
  requests: number;
  /** Answers of any status, warm-up included: what the server's CPU time was spent on. */
  answeredAll: number;
  /** The server's CPU time per answer over warm-up and window (ms), when /proc tells. */
  cpuMsPerRequest?: number;
  /** The database server's CPU per answer (PostgreSQL on this machine; PGlite runs inside the server). */
  dbCpuMsPerRequest?: number;
  /** Answered 2xx. */
  ok: number;
  /** 2xx answers per second over the measured window. */
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean body size of the measured 2xx answers, in bytes. */
  answerBytes: number;
  statuses: Record<string, number>;
  /** Every measured answer's latency (ms), ascending: to combine rounds (`combinedRounds`). */
  latencies: number[];
}
