import { acceptedEncodings as acceptedCodings } from '@ukd/api';
import { type Encoding, encodings } from './precompress';

const offered = encodings.map(({ name }) => name);

/** The encodings a client accepts, best first (brotli wins a tie: it is the smaller). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  return acceptedCodings(header, offered);
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
