import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { usedSignedTokens } from '../db/schema';
import type { TokenSigner } from './access-tokens';

/**
 * Signed tokens that travel in URLs. They need no table to issue (the operator CLI can mint an
 * impersonation token while the server holds the database), and the one-time kinds are used up
 * by recording their id on redemption.
 */
export const LINK_KINDS = {
  /** Operator impersonation: `sub` is the member's email; 10 minutes; once. */
  impersonate: { typ: 'impersonate+jwt', ttlSeconds: 10 * 60, oneTime: true },
  /** Unsubscribe link in every mail: `sub` is the member's uuid; never expires; reusable. */
  unsubscribe: { typ: 'unsubscribe+jwt', ttlSeconds: null, oneTime: false },
} as const;
export type LinkKind = keyof typeof LINK_KINDS;

export async function signLink(
  signer: TokenSigner,
  kind: LinkKind,
  siteKey: string,
  subject: string,
): Promise<string> {
  const spec = LINK_KINDS[kind];
  return (await signer.sign(spec.typ, { sub: subject, aud: siteKey }, spec.ttlSeconds)).token;
}

/** The token's subject when genuine, unexpired, for this site and (one-time kinds) not yet used. */
export async function redeemLink(
  db: Db,
  signer: TokenSigner,
  kind: LinkKind,
  siteKey: string,
  token: string,
): Promise<string | null> {
  const spec = LINK_KINDS[kind];
  const payload = await signer.verify(spec.typ, token, siteKey);
  if (!payload) return null;
  if (spec.oneTime) {
    const expiresAt = new Date((payload.exp ?? Math.floor(Date.now() / 1000)) * 1000);
    const inserted = await db
      .insert(usedSignedTokens)
      .values({ jti: payload.jti, expiresAt })
      .onConflictDoNothing({ target: usedSignedTokens.jti })
      .returning({ jti: usedSignedTokens.jti });
    if (inserted.length === 0) return null;
    // Keep the table small: ids of expired tokens can never be presented successfully again.
    await db.delete(usedSignedTokens).where(sql`${usedSignedTokens.expiresAt} < now() - interval '1 day'`);
  }
  return payload.sub;
}
