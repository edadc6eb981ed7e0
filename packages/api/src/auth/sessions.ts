import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { refreshTokens, sessions, type UserRow, users } from '../db/schema';
import type { TokenSigner } from './access-tokens';
import type { MemberCache } from './member-cache';
import { hashToken, newOpaqueToken } from './opaque-tokens';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
}

export interface ClientContext {
  deviceId: string | null;
  ip: string;
  userAgent: string | null;
}

export interface SessionTtls {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
}

export type RefreshOutcome =
  | { ok: true; tokens: TokenPair; userId: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  /** The session revoked for the reuse: its realtime sockets are closed too. */
  | { ok: false; reason: 'reused'; sessionId: string };

/**
 * A session is one login on one device and is the refresh-token family: every refresh token is
 * good once, and presenting a used one (a stolen copy, or the thief's after the owner refreshed)
 * revokes the whole session (OAuth 2.1 §6.1).
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly ttl: SessionTtls,
    private readonly members: MemberCache,
  ) {}

  async start(
    user: Pick<UserRow, 'id' | 'uuid'>,
    siteKey: string,
    client: ClientContext,
    impersonated = false,
  ): Promise<TokenPair> {
    const expiresAt = new Date(Date.now() + this.ttl.sessionMaxAgeSeconds * 1000);
    const [session] = await this.db
      .insert(sessions)
      .values({
        userId: user.id,
        deviceId: client.deviceId,
        ip: client.ip,
        userAgent: client.userAgent,
        impersonated,
        expiresAt,
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return this.issue(session.id, user.uuid, siteKey, expiresAt);
  }

  async refresh(
    refreshToken: string,
    siteId: number,
    siteKey: string,
    client: ClientContext,
  ): Promise<RefreshOutcome> {
    const tokenHash = hashToken(refreshToken);
    // One atomic UPDATE decides which of two concurrent refreshes wins; the loser sees a used token.
    const [claimed] = await this.db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId });

    if (!claimed) {
      const [known] = await this.db
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known) return { ok: false, reason: 'unknown' };
      if (known.usedAt) {
        await this.revoke(known.sessionId, 'refresh-token-reuse');
        return { ok: false, reason: 'reused', sessionId: known.sessionId };
      }
      return { ok: false, reason: 'expired' };
    }

    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        userId: users.id,
        uuid: users.uuid,
        siteId: users.siteId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claimed.sessionId));
    if (!row || row.revokedAt || row.siteId !== siteId) return { ok: false, reason: 'revoked' };
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

    await this.db
      .update(sessions)
      .set({
        lastUsedAt: sql`now()`,
        ip: client.ip,
        ...(client.deviceId ? { deviceId: client.deviceId } : {}),
      })
      .where(eq(sessions.id, row.sessionId));
    return {
      ok: true,
      userId: row.userId,
      tokens: await this.issue(row.sessionId, row.uuid, siteKey, row.expiresAt),
    };
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    // This process stops accepting the session at once; the others when the change reaches them.
    this.members.forgetSession(sessionId);
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.members.forgetSession(sessionId);
  }

  /** Ends every session of a member, e.g. after a password reset; optionally keeps the current one. */
  async revokeAllForUser(userId: number, reason: string, exceptSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    this.members.forgetMember(userId);
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(...conditions));
    this.members.forgetMember(userId);
  }

  private async issue(
    sessionId: string,
    userUuid: string,
    siteKey: string,
    sessionExpiresAt: Date,
  ): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    const refreshExpiry = Math.min(
      Date.now() + this.ttl.refreshTokenTtlSeconds * 1000,
      sessionExpiresAt.getTime(),
    );
    await this.db
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(refreshToken), sessionId, expiresAt: new Date(refreshExpiry) });
    const accessToken = await this.signer.signAccess(
      { sub: userUuid, sid: sessionId, aud: siteKey },
      this.ttl.accessTokenTtlSeconds,
    );
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.ttl.accessTokenTtlSeconds,
    };
  }
}
