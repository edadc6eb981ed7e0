// When the database is away (restart, failover, network) the API answers 503, not 500, and no
// request waits on it for longer than CONNECT_TIMEOUT_MS (issue #13's fault suite).

/** How long a query waits to reach PostgreSQL (connect, or a free pooled connection). */
export const CONNECT_TIMEOUT_MS = 5000;

// What node-postgres throws when the server cannot be reached or drops the connection: socket
// error codes, and SQLSTATEs 08xxx (connection exception), 57P01-57P03 (shut down, crashed,
// starting up) and 53300 (too many connections). Its own connection errors carry no code, only
// these messages.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Connection ended unexpectedly',
];

/**
 * True when `error` (or an error it wraps: drizzle's `cause`, an AggregateError's `errors`) means
 * the database is unreachable rather than that the query was wrong: the API answers 503 for it.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (UNREACHABLE_MESSAGES.some((m) => error.message.includes(m))) return true;
  const inner = error instanceof AggregateError ? error.errors : [];
  return [error.cause, ...inner].some((e) => isDatabaseUnavailable(e, depth + 1));
}
