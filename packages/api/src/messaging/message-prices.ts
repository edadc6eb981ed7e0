import {
  DEFAULT_MESSAGE_PRICES,
  MESSAGE_TYPES,
  type MessagePrices,
  type MessageType,
} from '@ukd/contracts/api';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ExpiringCache } from '../db/expiring-cache';
import { settings } from '../db/schema';

const PREFIX = 'message_price.';
const CACHE_MS = 2_000;
const MAX_PRICE = 1_000_000;

/**
 * Message prices per site: the `settings` rows `message_price.{type}` (a non-negative integer),
 * else `DEFAULT_MESSAGE_PRICES` (text 1, image 2, wink 1, trigger 1). Cached for 2 s per
 * process, like the other site settings.
 */
export class MessagePriceList {
  readonly #cache = new ExpiringCache<number, MessagePrices>(CACHE_MS);

  constructor(private readonly db: Db) {}

  prices(siteId: number): Promise<MessagePrices> {
    return this.#cache.get(siteId, () => this.read(siteId));
  }

  private async read(siteId: number): Promise<MessagePrices> {
    const rows = await this.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(and(eq(settings.siteId, siteId), like(settings.key, `${PREFIX}%`)));
    const value: MessagePrices = { ...DEFAULT_MESSAGE_PRICES };
    for (const row of rows) {
      const type = row.key.slice(PREFIX.length) as MessageType;
      const price = row.value;
      if (
        MESSAGE_TYPES.includes(type) &&
        typeof price === 'number' &&
        Number.isInteger(price) &&
        price >= 0 &&
        price <= MAX_PRICE
      ) {
        value[type] = price;
      }
    }
    return value;
  }

  /** Sets (or with null, resets to the default) the price of one message type. */
  async set(siteId: number, type: MessageType, price: number | null): Promise<void> {
    const key = `${PREFIX}${type}`;
    if (price === null) {
      await this.db.delete(settings).where(and(eq(settings.siteId, siteId), eq(settings.key, key)));
    } else {
      if (!Number.isInteger(price) || price < 0 || price > MAX_PRICE) throw new Error('invalid price');
      await this.db
        .insert(settings)
        .values({ siteId, key, value: price })
        .onConflictDoUpdate({ target: [settings.siteId, settings.key], set: { value: price } });
    }
    this.#cache.delete(siteId);
  }
}
