import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * The subscriber connection on which a node hears the other nodes' events. Redis pub/sub keeps
 * nothing for a subscriber that is away, so once the link drops this node may miss events, and a
 * later event delivered to a client would move its catch-up cursor (`?after=` the last id it
 * holds) past the gap. So while the link is down the node delivers nothing, and once it is
 * subscribed again it has every client reconnect (4200): each resubscribes and catches up by id.
 * (The fault suite's Redis restart found clients on the other node missing messages for good.)
 */
export class RedisLink {
  #up = false;
  #stopped = false;

  constructor(
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  /** False from the moment the connection drops until the channel is subscribed again. */
  get up(): boolean {
    return this.#up;
  }

  /** Call once subscribed at start; `onRelinked` runs after each recovery. */
  watch(onRelinked: () => void): void {
    this.#up = true;
    this.subscriber.on('close', () => {
      if (!this.#up) return;
      this.#up = false;
      this.logger.warn({}, 'redis link lost: delivering no events until it is back');
    });
    this.subscriber.on('ready', () => {
      if (this.#up || this.#stopped) return;
      // ioredis resubscribes by itself as well; this reply says when the channel is live again.
      this.subscriber.subscribe(this.channel).then(
        () => {
          if (this.#up || this.#stopped) return;
          this.#up = true;
          this.logger.warn({}, 'redis link back: every client reconnects and catches up');
          onRelinked();
        },
        (error: unknown) => this.logger.warn({ err: String(error) }, 'redis resubscribe failed'),
      );
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#up = false;
  }
}
