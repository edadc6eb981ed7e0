// The bare baselines' token check (bench:api's bare server and bench:messaging's bare backend):
// jose's HS256 verification of our access token, with its key imported once (as our API does),
// the issuer our API signs and the site key as audience. No session check: that is ours alone.
import { jwtVerify } from 'jose';

/** The member uuid (`sub`) of a valid bearer token, or null. */
export type MemberOfToken = (authorization: string | undefined) => Promise<string | null>;

export async function bareTokenCheck(jwtSecret: string, siteKey: string): Promise<MemberOfToken> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return async (authorization) => {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: 'flirtlane-api',
        audience: siteKey,
      });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  };
}
