import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'flirtlane-api';
// Only HS256 is ever accepted: a token claiming `none` or an RS/ES algorithm fails verification.
const ALGORITHMS = ['HS256'];

export interface AccessClaims {
  /** The member's uuid. */
  sub: string;
  /** Session (refresh-token family) the token belongs to; logout revokes it. */
  sid: string;
  /** Site key: a token from one site is no good on another. */
  aud: string;
}

/**
 * Signed JWTs for everything the API hands out and later takes back: access tokens and the
 * one-time links (impersonation, payment login, unsubscribe). Each kind has its own `typ` and
 * audience, so one can never be replayed as another.
 */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The JWT secret must be at least 32 characters long.');
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    typ: string,
    claims: Record<string, unknown> & { sub: string; aud: string },
    ttlSeconds: number | null,
  ): Promise<{ token: string; jti: string; expiresAt: Date | null }> {
    const jti = randomUUID();
    const { sub, aud, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ })
      .setIssuer(ISSUER)
      .setSubject(sub)
      .setAudience(aud)
      .setIssuedAt(now)
      .setJti(jti);
    if (ttlSeconds !== null) jwt = jwt.setExpirationTime(now + ttlSeconds);
    const token = await jwt.sign(this.key);
    return { token, jti, expiresAt: ttlSeconds === null ? null : new Date((now + ttlSeconds) * 1000) };
  }

  /** The payload when the token is genuine, of this kind, for this audience and unexpired; else null. */
  async verify(
    typ: string,
    token: string,
    audience: string,
  ): Promise<(Record<string, unknown> & { sub: string; jti: string; exp?: number }) | null> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience,
        typ,
        requiredClaims: ['sub', 'jti', 'iat'],
      });
      if (protectedHeader.typ !== typ || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') {
        return null;
      }
      return { ...payload, sub: payload.sub, jti: payload.jti };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  async signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return (await this.sign('at+jwt', { ...claims }, ttlSeconds)).token;
  }

  async verifyAccess(token: string, siteKey: string): Promise<AccessClaims | null> {
    const payload = await this.verify('at+jwt', token, siteKey);
    if (!payload || typeof payload.sid !== 'string' || payload.exp === undefined) return null;
    return { sub: payload.sub, sid: payload.sid, aud: siteKey };
  }
}
