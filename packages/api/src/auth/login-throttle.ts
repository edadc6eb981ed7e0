import type { Db } from '../db/database';
import { type Hit, RateLimiter } from '../http/rate-limiter';
import type { ThrottleRule } from '../options';

export interface ThrottleKeys {
  account: string;
  ip: string;
}

/**
 * Login throttling per account and per client IP, on the shared atomic limiter: every attempt is
 * COUNTED BEFORE the password is checked (one atomic increment-and-read per key), so parallel
 * attempts, and attempts spread over several API processes on one database, each see their own
 * count and cannot slip past the limit. A successful login clears the account's count and gives
 * the IP its hit back (only failures count against an address).
 */
export class LoginThrottle {
  readonly limiter: RateLimiter;

  constructor(
    db: Db,
    private readonly rules: { perAccount: ThrottleRule; perIp: ThrottleRule },
    limiter?: RateLimiter,
  ) {
    this.limiter = limiter ?? new RateLimiter(db);
  }

  static keys(siteId: number, email: string, ip: string): ThrottleKeys {
    return { account: `login:account:${siteId}:${email.toLowerCase()}`, ip: `login:ip:${ip}` };
  }

  /** Counts this attempt; answers the seconds to wait (0: the attempt may go on and check the password). */
  async attempt(keys: ThrottleKeys): Promise<number> {
    const [account, ip] = await Promise.all([
      this.limiter.hit(keys.account, this.rules.perAccount),
      this.limiter.hit(keys.ip, this.rules.perIp),
    ]);
    return Math.max(wait(account), wait(ip));
  }

  /** The attempt succeeded: the account starts afresh and the IP gets its hit back. */
  async succeeded(keys: ThrottleKeys): Promise<void> {
    await Promise.all([this.limiter.clear(keys.account), this.limiter.refund(keys.ip)]);
  }
}

const wait = (hit: Hit) => (hit.allowed ? 0 : hit.retryAfter);
