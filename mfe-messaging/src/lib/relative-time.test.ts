import { describe, expect, it } from 'vitest';
import { sentAt } from './relative-time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => now - ms;
const MIN = 60_000;

describe('sentAt', () => {
  it('reads naturally on wide screens', () => {
    expect(sentAt(ago(5_000), now, false)).toBe('just now');
    expect(sentAt(ago(MIN), now, false)).toBe('1 minute ago');
    expect(sentAt(ago(5 * MIN + 30_000), now, false)).toBe('5 minutes ago');
    expect(sentAt(ago(3 * 60 * MIN), now, false)).toBe('3 hours ago');
    expect(sentAt(ago(26 * 60 * MIN), now, false)).toBe('yesterday');
    expect(sentAt(ago(4 * 24 * 60 * MIN), now, false)).toBe('4 days ago');
    expect(sentAt(Date.parse('2026-03-12T09:00:00Z'), now, false)).toBe('12 Mar');
    expect(sentAt(Date.parse('2025-03-12T09:00:00Z'), now, false)).toBe('12 Mar 2025');
  });

  it('is shortened at 768 px or narrower', () => {
    expect(sentAt(ago(5_000), now, true)).toBe('now');
    expect(sentAt(ago(5 * MIN), now, true)).toBe('5m');
    expect(sentAt(ago(3 * 60 * MIN), now, true)).toBe('3h');
    expect(sentAt(ago(26 * 60 * MIN), now, true)).toBe('1d');
    expect(sentAt(Date.parse('2025-03-12T09:00:00Z'), now, true)).toBe('12 Mar');
  });

  it('treats a clock slightly behind the server as just now', () => {
    expect(sentAt(now + 3_000, now, false)).toBe('just now');
  });

  it('moves on as time passes (the 60 s refresh re-renders with a new now)', () => {
    const sent = ago(30_000);
    expect(sentAt(sent, now, false)).toBe('just now');
    expect(sentAt(sent, now + 60_000, false)).toBe('1 minute ago');
  });
});
