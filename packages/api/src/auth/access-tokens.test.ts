import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './access-tokens';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const signer = new TokenSigner(secret);
const now = () => Math.floor(Date.now() / 1000);
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the real secret but with whatever header and claims a test wants. */
function forge(header: Record<string, unknown>, claims: Record<string, unknown>, key = secret) {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const claims = () => ({
  iss: 'flirtlane-api',
  aud: 'site-a',
  sub: 'member-uuid',
  sid: 'session-1',
  jti: 'jti-1',
  iat: now(),
  exp: now() + 60,
});
const header = { alg: 'HS256', typ: 'at+jwt' };

describe('token signer', () => {
  it('verifies what it signed, for its kind and audience only', async () => {
    const token = await signer.signAccess({ sub: 'member-uuid', sid: 'session-1', aud: 'site-a' }, 60);
    expect(await signer.verifyAccess(token, 'site-a')).toEqual({
      sub: 'member-uuid',
      sid: 'session-1',
      aud: 'site-a',
    });
    expect(await signer.verifyAccess(token, 'site-b')).toBeNull();
    expect(await signer.verify('unsubscribe', token, 'site-a')).toBeNull();
    expect(await signer.verifyAccess(forge(header, claims()), 'site-a')).not.toBeNull();
  });

  it('refuses other algorithms, critical extensions and another kind in the header', async () => {
    for (const bad of [
      { ...header, alg: 'none' },
      { ...header, alg: 'HS512' },
      { ...header, alg: 'RS256' },
      { alg: 'HS256' },
      { ...header, typ: 'unsubscribe' },
      { ...header, crit: ['b64'], b64: false },
    ]) {
      expect(await signer.verifyAccess(forge(bad, claims()), 'site-a')).toBeNull();
    }
    const [h, p] = forge(header, claims()).split('.');
    expect(await signer.verifyAccess(`${part({ ...header, alg: 'none' })}.${p}.`, 'site-a')).toBeNull();
    expect(await signer.verifyAccess(`${h}.${p}`, 'site-a')).toBeNull();
  });

  it('refuses a wrong key, a tampered payload and any signature but the exact one', async () => {
    const token = forge(header, claims());
    const [h, p, s = ''] = token.split('.');
    expect(await signer.verifyAccess(forge(header, claims(), `${secret}x`), 'site-a')).toBeNull();
    expect(
      await signer.verifyAccess(`${h}.${part({ ...claims(), sub: 'someone-else' })}.${s}`, 'site-a'),
    ).toBeNull();
    for (const signature of [`${s}A`, s.slice(0, -1), `${s.slice(0, 10)}*${s.slice(10)}`, `${s}.`, '']) {
      expect(await signer.verifyAccess(`${h}.${p}.${signature}`, 'site-a')).toBeNull();
    }
  });

  it('refuses expired, not-yet-valid, foreign and incomplete claims', async () => {
    const without = (key: string) => {
      const copy: Record<string, unknown> = claims();
      delete copy[key];
      return copy;
    };
    for (const bad of [
      { ...claims(), exp: now() },
      { ...claims(), exp: `${now() + 60}` },
      { ...claims(), nbf: now() + 30 },
      { ...claims(), iss: 'someone-else' },
      { ...claims(), aud: ['site-b'] },
      { ...claims(), sub: 42 },
      without('exp'),
      without('iat'),
      without('jti'),
      without('sid'),
    ]) {
      expect(await signer.verifyAccess(forge(header, bad), 'site-a')).toBeNull();
    }
    expect(
      await signer.verifyAccess(forge(header, { ...claims(), aud: ['site-b', 'site-a'] }), 'site-a'),
    ).not.toBeNull();
  });

  describe('a token already verified', () => {
    afterEach(() => vi.useRealTimers());

    it('is refused once it expires, though remembered', async () => {
      const fresh = new TokenSigner(secret);
      const token = await fresh.signAccess({ sub: 'member-uuid', sid: 'session-1', aud: 'site-a' }, 60);
      expect(await fresh.verifyAccess(token, 'site-a')).not.toBeNull();
      vi.useFakeTimers({ now: Date.now() + 61_000 });
      expect(await fresh.verifyAccess(token, 'site-a')).toBeNull();
      expect(await fresh.verifyAccess(token, 'site-a')).toBeNull();
    });

    it('is no better on another site, and a copy with one character changed is checked afresh', async () => {
      const fresh = new TokenSigner(secret);
      const token = await fresh.signAccess({ sub: 'member-uuid', sid: 'session-1', aud: 'site-a' }, 60);
      expect(await fresh.verifyAccess(token, 'site-a')).not.toBeNull();
      expect(await fresh.verifyAccess(token, 'site-b')).toBeNull();
      const [h, p, s = ''] = token.split('.');
      const other = s.at(-3) === 'A' ? 'B' : 'A';
      const tampered = `${h}.${p}.${s.slice(0, -3)}${other}${s.slice(-2)}`;
      expect(await fresh.verifyAccess(tampered, 'site-a')).toBeNull();
      expect(
        await fresh.verifyAccess(`${h}.${part({ ...claims(), sub: 'someone-else' })}.${s}`, 'site-a'),
      ).toBeNull();
      expect(await fresh.verifyAccess(token, 'site-a')).toEqual({
        sub: 'member-uuid',
        sid: 'session-1',
        aud: 'site-a',
      });
    });
  });

  it('answers null, never throws, for garbage', async () => {
    for (const junk of ['', 'garbage', 'a.b.c', '..', `${part([1])}.${part({})}.x`, `${part('x')}.e30.x`]) {
      expect(await signer.verifyAccess(junk, 'site-a')).toBeNull();
    }
    expect(await signer.verifyAccess(undefined as unknown as string, 'site-a')).toBeNull();
  });
});
