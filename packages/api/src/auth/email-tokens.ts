import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailTokens } from '../db/schema';
import { hashToken, newOpaqueToken } from './opaque-tokens';

export type EmailTokenPurpose = 'confirm-email' | 'change-email' | 'reset-password' | 'payment-login';

/** Tokens sent to a member in a link (mails, the payment return URL): stored hashed, good once, expiring. */
export class EmailTokens {
  constructor(private readonly db: Db) {}

  /**
   * A new token. For mails, earlier unused ones of the same purpose stop working (only the latest
   * mail counts); payment logins may overlap, as a member can start payments in two tabs.
   */
  async issue(userId: number, purpose: EmailTokenPurpose, ttlSeconds: number): Promise<string> {
    const token = newOpaqueToken();
    if (purpose !== 'payment-login')
      await this.db
        .delete(emailTokens)
        .where(
          and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
        );
    await this.db.insert(emailTokens).values({
      tokenHash: hashToken(token),
      purpose,
      userId,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return token;
  }

  /** The user id the token was issued to, when it is valid for `purpose`; uses it up. */
  async consume(token: string, purpose: EmailTokenPurpose, forUserId?: number): Promise<number | null> {
    const conditions = [
      eq(emailTokens.tokenHash, hashToken(token)),
      eq(emailTokens.purpose, purpose),
      isNull(emailTokens.usedAt),
      gt(emailTokens.expiresAt, sql`now()`),
    ];
    if (forUserId !== undefined) conditions.push(eq(emailTokens.userId, forUserId));
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ userId: emailTokens.userId });
    return row?.userId ?? null;
  }
}
