import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Pusher HTTP API signing (auth_version 1.0): HMAC over `METHOD\nPATH\nsorted query`. */
export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Keys lower-cased and sorted, values raw (not URL-encoded), as the Pusher server libraries sign them. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of params) {
    if (key === 'auth_signature') continue;
    pairs.push([key.toLowerCase(), value]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

export function signRequest(
  secret: string,
  method: string,
  path: string,
  params: Iterable<[string, string]>,
): string {
  const subject = `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}`;
  return createHmac('sha256', secret).update(subject).digest('hex');
}

export type VerifyResult = { ok: true } | { ok: false; status: number; message: string };

/** Requests older or newer than this are refused so a captured URL cannot be replayed later. */
const maxClockSkewSeconds = 600;

export function verifyRequest(
  app: { key: string; secret: string },
  method: string,
  path: string,
  query: URLSearchParams,
  body: Buffer,
  nowMs: number = Date.now(),
): VerifyResult {
  const fail = (status: number, message: string): VerifyResult => ({ ok: false, status, message });
  if (query.get('auth_key') !== app.key) return fail(401, 'Unknown auth_key');
  if (query.get('auth_version') !== '1.0') return fail(401, 'auth_version must be 1.0');
  const timestamp = Number(query.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(nowMs / 1000 - timestamp) > maxClockSkewSeconds) {
    return fail(401, 'Timestamp expired: auth_timestamp is too far from the server time');
  }
  if (body.length > 0 && query.get('body_md5') !== md5Hex(body))
    return fail(401, 'body_md5 does not match the body');
  const given = query.get('auth_signature') ?? '';
  const expected = signRequest(app.secret, method, path, query);
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return fail(401, 'Invalid signature');
  return { ok: true };
}
