import { describe, expect, it } from 'vitest';
import { acceptedEncodings, byteRange, noneMatch } from './negotiation';

describe('Accept-Encoding', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip;q=1.0, br;q=0.9', ['gzip', 'br']],
    ['br;q=0.5, gzip;q=0.5', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['BR ; Q=0.8 , GZIP', ['gzip', 'br']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip;q=0.5', ['gzip', 'br']],
    ['br, *;q=0', ['br']],
    ['x-gzip', ['gzip']],
    ['identity', []],
    ['br;q=1.5, gzip;q=abc', []],
    ['br;q=0.001', ['br']],
    [',,;q=1,br', ['br']],
  ])('%j → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('If-None-Match', () => {
  it('matches the tag, its weak form, a list or *; nothing else', () => {
    expect(noneMatch('"abc"', '"abc"')).toBe(true);
    expect(noneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(noneMatch('"x", "abc"', '"abc"')).toBe(true);
    expect(noneMatch('*', '"abc"')).toBe(true);
    expect(noneMatch('"abcd"', '"abc"')).toBe(false);
    expect(noneMatch('abc', '"abc"')).toBe(false);
    expect(noneMatch(undefined, '"abc"')).toBe(false);
  });
});

describe('Range', () => {
  it.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=2-', 10, { start: 2, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=-30', 10, { start: 0, end: 9 }],
    ['bytes=5-100', 10, { start: 5, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=4-2', 10, 'whole'],
    ['bytes=0-1,3-4', 10, 'whole'],
    ['bytes=-', 10, 'whole'],
    ['lines=0-1', 10, 'whole'],
    [undefined, 10, 'whole'],
  ])('%j of %i bytes → %j', (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});
