import { and, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { RealtimeEvents } from '../realtime/realtime-services';

/** How often ended passes are looked for: the open site hears within this of the end. */
export const PASS_EXPIRY_CHECK_MS = 30_000;

/**
 * The 24-hour pass ends on the server (`unli_message_until` is compared with now on every send);
 * this tells the member's open tabs when it has, with `DurationUpdated` on their duration
 * channel. Each check announces the passes that ended since the previous one. Several API
 * processes each announce: the event is idempotent, so a duplicate is harmless.
 */
export class PassExpiryWatch {
  #since: Date;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly events: RealtimeEvents,
    now = new Date(),
  ) {
    this.#since = now;
  }

  /** Announces passes that ended in (previous check, now]; answers how many. */
  async check(now = new Date()): Promise<number> {
    const ended = await this.db
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(gt(users.unliMessageUntil, this.#since), lte(users.unliMessageUntil, now)));
    this.#since = now;
    for (const { uuid } of ended) {
      this.events.inBackground(
        () => this.events.durationUpdated(uuid, { has_unli_message: false, expires_at: null }),
        `pass ended for ${uuid}`,
      );
    }
    return ended.length;
  }

  start(intervalMs = PASS_EXPIRY_CHECK_MS, log: (error: unknown) => void = console.error): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.check().catch(log), intervalMs);
    // Never keeps the process alive on its own.
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
