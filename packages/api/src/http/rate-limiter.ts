import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { param, preparedPer } from '../db/prepared-statement';
import { loginThrottles } from '../db/schema';
import { ApiError } from './api-error';

/** The counting statement, prepared once: every send and login runs it. */
const hitQuery = preparedPer((db: Db) => {
  const window = sql`now() + make_interval(secs => ${param<number>('decay')})`;
  return db
    .insert(loginThrottles)
    .values({ key: param<string>('key'), attempts: 1, resetAt: window })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        attempts: sql`case when ${loginThrottles.resetAt} <= now() then 1 else ${loginThrottles.attempts} + 1 end`,
        resetAt: sql`case when ${loginThrottles.resetAt} <= now() then ${window} else ${loginThrottles.resetAt} end`,
      },
    })
    .returning({
      attempts: loginThrottles.attempts,
      remaining: sql<string>`ceil(extract(epoch from (${loginThrottles.resetAt} - now())))`,
    })
    .prepare('limit_hit');
});

/** `maxAttempts` hits allowed in a fixed window of `decaySeconds` (the first hit opens it). */
export interface LimitRule {
  maxAttempts: number;
  decaySeconds: number;
}

export interface Hit {
  /** The count in the current window, this hit included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
  /** Whether this hit is within the rule (count ≤ maxAttempts). */
  allowed: boolean;
}

/**
 * The one rate limiter of the API: fixed-window counters in the database (`login_throttles`),
 * taken with ONE atomic statement (`insert … on conflict do update … returning`). Parallel
 * requests, and every API process on the same database, each get their own count, so a limit
 * can never be overshot by racing it (count first, then do the work; refund when the work
 * turned out not to count).
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit on `key` and answers the new count (atomic across processes). */
  async hit(key: string, rule: LimitRule): Promise<Hit> {
    const [row] = await hitQuery(this.db).execute({ key, decay: rule.decaySeconds });
    if (Math.random() < 0.02) await this.prune();
    const count = row?.attempts ?? 1;
    const retryAfter = Math.max(1, Number(row?.remaining ?? rule.decaySeconds));
    return { count, retryAfter, allowed: count <= rule.maxAttempts };
  }

  /** Counts one hit and throws `tooMany(retryAfter)` when it is over the rule. */
  async take(key: string, rule: LimitRule, tooMany: (retryAfter: number) => ApiError): Promise<Hit> {
    const result = await this.hit(key, rule);
    if (!result.allowed) throw tooMany(result.retryAfter);
    return result;
  }

  /** Gives one hit back (the work it counted did not happen or does not count). */
  async refund(key: string): Promise<void> {
    await this.db
      .update(loginThrottles)
      .set({ attempts: sql`greatest(${loginThrottles.attempts} - 1, 0)` })
      .where(sql`${loginThrottles.key} = ${key} and ${loginThrottles.resetAt} > now()`);
  }

  async clear(...keys: string[]): Promise<void> {
    await this.db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
  }

  /** Windows that ended long ago are noise; any process may clear them (idempotent). */
  private async prune(): Promise<void> {
    await this.db.delete(loginThrottles).where(sql`${loginThrottles.resetAt} < now() - interval '1 hour'`);
  }
}

/** A 429 with `Retry-After`. */
export function tooManyRequests(message: string, retryAfter: number, field?: string): ApiError {
  return new ApiError(429, message, field ? { [field]: [message] } : undefined, {
    'retry-after': String(retryAfter),
  });
}
