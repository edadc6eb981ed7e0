import {
  createHmac,
  createSecretKey,
  type KeyObject,
  randomUUID,
  timingSafeEqual,
  webcrypto,
} from 'node:crypto';
import { SignJWT } from 'jose';

const ISSUER = 'flirtlane-api';

/** How many verified access tokens a signer remembers (about 400 bytes each). */
const VERIFIED_ACCESS_KEPT = 20_000;

/** A JWT part decoded to the JSON object it must be; null for anything else. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

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
  /**
   * Imported once: given the raw bytes, jose imports a WebCrypto key on every call, which was a
   * tenth of a member request's CPU (issue 16).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** The same secret for verifying, which every member request does (see `verify`). */
  private readonly secret: KeyObject;
  /**
   * Access tokens this signer has verified, by their text, with their expiry. An app sends the
   * same token with every request of its life, and checking it again (HMAC, two base64 and JSON
   * decodes) was a twentieth of a conversation list's CPU (issue 16). Only a token that passed
   * every check gets in, and its expiry is checked again at each use.
   */
  private readonly verifiedAccess = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The JWT secret must be at least 32 characters long.');
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
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
    const token = await jwt.sign(await this.key);
    return { token, jti, expiresAt: ttlSeconds === null ? null : new Date((now + ttlSeconds) * 1000) };
  }

  /**
   * The payload when the token is genuine, of this kind, for this audience and unexpired; else
   * null. Checked here with node:crypto's HMAC rather than jose's WebCrypto one, which cost a
   * tenth of every member request's CPU (issue 16). Only HS256 is accepted: a token claiming
   * `none`, another algorithm or critical extensions fails, as does any signature but the exact
   * one (compared in constant time).
   */
  async verify(
    typ: string,
    token: string,
    audience: string,
  ): Promise<(Record<string, unknown> & { sub: string; jti: string; exp?: number }) | null> {
    if (typeof token !== 'string') return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [encodedHeader = '', encodedPayload = '', signature = ''] = parts;
    const header = jsonPart(encodedHeader);
    if (header?.alg !== 'HS256' || header.typ !== typ || 'crit' in header) return null;
    const given = Buffer.from(signature, 'base64url');
    // base64url decoding skips stray characters: only the canonical spelling is the signature.
    if (given.toString('base64url') !== signature) return null;
    const expected = createHmac('sha256', this.secret).update(`${encodedHeader}.${encodedPayload}`).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = jsonPart(encodedPayload);
    if (!payload || payload.iss !== ISSUER) return null;
    const { aud, sub, jti, iat, exp, nbf } = payload;
    if (aud !== audience && !(Array.isArray(aud) && aud.includes(audience))) return null;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number') return null;
    const now = Math.floor(Date.now() / 1000);
    if (exp !== undefined && (typeof exp !== 'number' || exp <= now)) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    return { ...payload, sub, jti, ...(exp === undefined ? {} : { exp }) };
  }

  async signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return (await this.sign('at+jwt', { ...claims }, ttlSeconds)).token;
  }

  async verifyAccess(token: string, siteKey: string): Promise<AccessClaims | null> {
    const known = this.verifiedAccess.get(token);
    if (known && known.claims.aud === siteKey) {
      if (known.exp > Date.now() / 1000) return known.claims;
      this.verifiedAccess.delete(token);
      return null;
    }
    const payload = await this.verify('at+jwt', token, siteKey);
    if (!payload || typeof payload.sid !== 'string' || payload.exp === undefined) return null;
    const claims: AccessClaims = Object.freeze({ sub: payload.sub, sid: payload.sid, aud: siteKey });
    if (this.verifiedAccess.size >= VERIFIED_ACCESS_KEPT) {
      // The oldest first (a Map keeps insertion order): most of them have expired by then.
      const oldest = this.verifiedAccess.keys().next().value;
      if (oldest !== undefined) this.verifiedAccess.delete(oldest);
    }
    this.verifiedAccess.set(token, { claims, exp: payload.exp });
    return claims;
  }
}
