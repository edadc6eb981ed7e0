// A recipient's chat as mfe-messaging's chat session keeps it, on a real pusher-js client:
// `message.sent` events on the conversation's private channel, and after every successful
// subscription (the first and each one after a reconnect) a catch-up through
// `GET …/messages?after={newest id a read returned}`, single-flight (never after the newest id
// held: a live event can overtake an earlier one that realtime lost).
import { realtimeChannels } from '@ukd/contracts/api';
import Pusher from 'pusher-js';
import { DEFAULT_SITE } from '../options';
import { TEST_REALTIME_APP } from '../test/realtime-kit';
import { call, dataOf, type Pair } from './sending-members';

export class ChatClient {
  /** Message ids held, each once, however it arrived. */
  readonly held = new Set<number>();
  /** How each id first arrived: live (`message.sent`) or through a catch-up. */
  readonly arrivedLive = new Set<number>();
  readonly arrivedByCatchUp = new Set<number>();
  /** Successful subscriptions: more than one means the client reconnected and resubscribed. */
  subscriptions = 0;
  readonly #pusher: Pusher;
  #catchingUp: Promise<void> | null = null;
  #again = false;
  /** The newest id a catch-up returned: every message up to it is held. */
  #syncedUpTo = 0;

  constructor(
    readonly base: string,
    readonly realtimePort: number,
    readonly pair: Pair,
  ) {
    this.#pusher = new Pusher(TEST_REALTIME_APP.key, {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: realtimePort,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `${base}/broadcasting/auth`,
        transport: 'ajax',
        headers: { 'Site-key': DEFAULT_SITE.key, Authorization: `Bearer ${pair.recipient.token}` },
      },
    });
    const channel = this.#pusher.subscribe(realtimeChannels.conversation(pair.conversationUuid));
    channel.bind('message.sent', (message: { id: number }) => this.#hold(message.id, this.arrivedLive));
    channel.bind('pusher:subscription_succeeded', () => {
      this.subscriptions += 1;
      void this.catchUp();
    });
  }

  /** Reads every message after the last one held, page by page; a call during one runs once more after it. */
  catchUp(): Promise<void> {
    if (this.#catchingUp) {
      this.#again = true;
      return this.#catchingUp;
    }
    this.#catchingUp = (async () => {
      do {
        this.#again = false;
        await this.#readAfter();
      } while (this.#again);
    })().finally(() => {
      this.#catchingUp = null;
    });
    return this.#catchingUp;
  }

  async #readAfter(): Promise<void> {
    for (;;) {
      const path = `/user-conversations/${this.pair.conversationUuid}/messages?after=${this.#syncedUpTo}&limit=100`;
      const page = await call(this.base, 'GET', path, { token: this.pair.recipient.token });
      if (page.status !== 200) return; // as the chat does: the next subscription or tab focus tries again
      const messages = dataOf<{ id: number }[]>(page);
      for (const message of messages) this.#hold(message.id, this.arrivedByCatchUp);
      const last = messages.at(-1);
      if (!last) return;
      this.#syncedUpTo = Math.max(this.#syncedUpTo, last.id);
      if (!page.json?.meta?.has_more) return;
    }
  }

  #hold(id: number, how: Set<number>): void {
    if (this.held.has(id)) return;
    this.held.add(id);
    how.add(id);
  }

  disconnect(): void {
    this.#pusher.disconnect();
  }
}
