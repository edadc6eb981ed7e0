import { type Encoding, encodings } from './precompress';

/**
 * The encodings a client accepts, best first, from its `Accept-Encoding`: q-values decide and
 * brotli wins a tie (it is the smaller). `*` stands for any coding not named; `x-gzip` is gzip;
 * `q=0` refuses. No header, or one naming neither, means the plain file.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((piece) => piece.trim());
      if (name !== 'q') continue;
      // RFC 9110: 0 to 1 with at most three decimals; anything else is treated as a refusal.
      weight = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    weights.set(token === 'x-gzip' ? 'gzip' : token, weight);
  }
  const wildcard = weights.get('*');
  return encodings
    .map(({ name }) => ({ name, weight: weights.get(name) ?? wildcard ?? 0 }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map((entry) => entry.name);
}

/** Whether `If-None-Match` names this entity tag (weak comparison, as RFC 9110 asks for it). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | 'whole';

/**
 * One `bytes=` range of a file of `size` bytes. Several ranges or a malformed header get the
 * whole file (allowed, and simpler than multipart answers nobody here asks for); a range
 * wholly past the end is unsatisfiable.
 */
export function byteRange(header: string | undefined, size: number): ByteRange {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (size === 0) return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
