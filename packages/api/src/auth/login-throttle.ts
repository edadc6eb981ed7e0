import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginThrottles } from '../db/schema';
import type { ThrottleRule } from '../options';

export interface ThrottleKeys {
  account: string;
  ip: string;
}

/**
 * Counts failed logins per account and per client IP in the database, so every API process
 * behind a load balancer sees the same counts. Fixed windows: the first failure opens a window of
 * `decaySeconds`; once `maxAttempts` failures are in it, logins for that key wait until it ends.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly rules: { perAccount: ThrottleRule; perIp: ThrottleRule },
  ) {}

  static keys(siteId: number, email: string, ip: string): ThrottleKeys {
    return { account: `login:account:${siteId}:${email}`, ip: `login:ip:${ip}` };
  }

  /** Seconds the caller must wait, or 0 when a login may be attempted. */
  async secondsLocked(keys: ThrottleKeys): Promise<number> {
    const rows = await this.db
      .select({
        key: loginThrottles.key,
        attempts: loginThrottles.attempts,
        remaining: sql<string>`ceil(extract(epoch from (${loginThrottles.resetAt} - now())))`,
      })
      .from(loginThrottles)
      .where(inArray(loginThrottles.key, [keys.account, keys.ip]));
    let wait = 0;
    for (const row of rows) {
      const rule = row.key === keys.account ? this.rules.perAccount : this.rules.perIp;
      const remaining = Number(row.remaining);
      if (remaining > 0 && row.attempts >= rule.maxAttempts) wait = Math.max(wait, remaining);
    }
    return wait;
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    await this.hit(keys.account, this.rules.perAccount);
    await this.hit(keys.ip, this.rules.perIp);
    // Windows that ended long ago are noise; clearing them now and then keeps the table small
    // without a scheduler (any process may do it, the statement is idempotent).
    if (Math.random() < 0.02) {
      await this.db.delete(loginThrottles).where(sql`${loginThrottles.resetAt} < now() - interval '1 hour'`);
    }
  }

  /** A successful login clears the account's count (not the IP's: one good password must not reset a spray). */
  async clearAccount(keys: ThrottleKeys): Promise<void> {
    await this.db.delete(loginThrottles).where(inArray(loginThrottles.key, [keys.account]));
  }

  /** A general-purpose fixed-window counter (used for reset-link mails too). Returns the new count. */
  async hit(key: string, rule: ThrottleRule): Promise<number> {
    const window = sql`now() + make_interval(secs => ${rule.decaySeconds})`;
    const [row] = await this.db
      .insert(loginThrottles)
      .values({ key, attempts: 1, resetAt: window })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          attempts: sql`case when ${loginThrottles.resetAt} <= now() then 1 else ${loginThrottles.attempts} + 1 end`,
          resetAt: sql`case when ${loginThrottles.resetAt} <= now() then ${window} else ${loginThrottles.resetAt} end`,
        },
      })
      .returning({ attempts: loginThrottles.attempts });
    return row?.attempts ?? 1;
  }
}
