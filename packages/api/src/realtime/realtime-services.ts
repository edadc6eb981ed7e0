import {
  type CreditsEarnedEvent,
  type DurationUpdatedEvent,
  MESSAGE_EVENTS,
  type Message,
  type MessagesReadEvent,
  type NotificationCreatedEvent,
  REALTIME_EVENTS,
  realtimeChannels,
  SOCKET_ID_PATTERN,
} from '@ukd/contracts/api';
import type { FastifyRequest } from 'fastify';
import type { CreatedNotification, NotificationCreatedHook } from '../notifications/notification-writer';
import {
  type Broadcaster,
  type BroadcastOptions,
  pusherHttpBroadcaster,
  silentBroadcaster,
} from './broadcaster';
import { ChannelAccess, type ChannelRule } from './channel-access';
import type { RealtimeAppCredentials } from './realtime-app';

/** The sender's socket from `X-Socket-ID` (Echo sends it), when well-formed; else none. */
export function requestSocketId(request: FastifyRequest): string | undefined {
  const raw = request.headers['x-socket-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && SOCKET_ID_PATTERN.test(value) ? value : undefined;
}

type Log = (message: string, error: unknown) => void;

/** Typed publishers for the events of `@ukd/contracts/api` REALTIME_EVENTS. */
export class RealtimeEvents {
  constructor(
    private readonly broadcaster: Broadcaster,
    private readonly log: Log,
  ) {}

  /**
   * `notification.created` on the owner's notifications channel (call after the row is stored):
   * the stored resource with the recipient's counters as they stand after it.
   */
  notificationCreated(recipientUuid: string, event: NotificationCreatedEvent): Promise<void> {
    return this.broadcaster.publish(
      [realtimeChannels.notifications(recipientUuid)],
      REALTIME_EVENTS.notificationCreated,
      event,
    );
  }

  /** `message.sent` on the conversation's channel (after commit; the sender's own socket is skipped). */
  messageSent(conversationUuid: string, message: Message, options?: BroadcastOptions): Promise<void> {
    return this.broadcaster.publish(
      [realtimeChannels.conversation(conversationUuid)],
      MESSAGE_EVENTS.sent,
      message,
      options,
    );
  }

  /** `message.read` on the conversation's channel: the reader read the messages up to an id. */
  messageRead(conversationUuid: string, event: MessagesReadEvent, options?: BroadcastOptions): Promise<void> {
    return this.broadcaster.publish(
      [realtimeChannels.conversation(conversationUuid)],
      MESSAGE_EVENTS.read,
      event,
      options,
    );
  }

  /** `CreditsEarned` on the member's credits channel (billing: after the balance is committed). */
  creditsEarned(userUuid: string, event: CreditsEarnedEvent, options?: BroadcastOptions): Promise<void> {
    return this.broadcaster.publish(
      [realtimeChannels.credits(userUuid)],
      REALTIME_EVENTS.creditsEarned,
      event,
      options,
    );
  }

  /** `DurationUpdated` on the member's duration channel (the unlimited-messaging pass changed). */
  durationUpdated(userUuid: string, event: DurationUpdatedEvent, options?: BroadcastOptions): Promise<void> {
    return this.broadcaster.publish(
      [realtimeChannels.duration(userUuid)],
      REALTIME_EVENTS.durationUpdated,
      event,
      options,
    );
  }

  /**
   * Publishes without making the caller wait or fail: realtime is best effort (clients catch up
   * by id), so a member's request never waits on, or errors because of, the realtime server.
   */
  inBackground(send: () => Promise<void>, what: string): void {
    const sending = send()
      .catch((error: unknown) => this.log(`realtime publish failed: ${what}`, error))
      .finally(() => this.#sending.delete(sending));
    this.#sending.add(sending);
  }

  readonly #sending = new Set<Promise<void>>();

  /** Waits for the background publishes under way (shutdown: they still need the database). */
  async settled(): Promise<void> {
    while (this.#sending.size) await Promise.all([...this.#sending]);
  }
}

/**
 * Who is online now: the members in `presence-online`, read briefly cached (every open tab polls
 * the count, every list of profiles asks). The count in the top bar and the "Online now" badges
 * are both this one list, so they never disagree.
 */
export class OnlineCounter {
  #members: ReadonlySet<string> = new Set();
  #fetchedAt = 0;
  #pending: Promise<ReadonlySet<string>> | null = null;

  constructor(
    private readonly broadcaster: Broadcaster,
    private readonly log: Log,
    private readonly ttlMs = 10_000,
  ) {}

  /** The uuids of the members online. Never throws: unreachable, it answers the last known list. */
  async members(): Promise<ReadonlySet<string>> {
    if (Date.now() - this.#fetchedAt < this.ttlMs) return this.#members;
    this.#pending ??= this.broadcaster
      .presenceUserIds(realtimeChannels.online)
      .then(
        (ids) => {
          this.#members = new Set(ids);
          this.#fetchedAt = Date.now();
          return this.#members;
        },
        (error: unknown) => {
          this.log('online count unavailable', error);
          return this.#members;
        },
      )
      .finally(() => {
        this.#pending = null;
      });
    return this.#pending;
  }

  async count(): Promise<number> {
    return (await this.members()).size;
  }
}

export interface RealtimeServices {
  app: RealtimeAppCredentials;
  broadcaster: Broadcaster;
  channels: ChannelAccess;
  events: RealtimeEvents;
  online: OnlineCounter;
}

export interface RealtimeSetup {
  app: RealtimeAppCredentials;
  broadcaster: Broadcaster | undefined;
  httpApi: { host: string; port: number; useTls: boolean } | undefined;
  /** Who may join which channel (first matching rule decides). */
  channelRules: readonly ChannelRule[];
  log?: Log;
}

/** The broadcaster given, else the Pusher HTTP API when an address is configured, else none. */
export function buildRealtime(setup: RealtimeSetup): RealtimeServices {
  const log: Log = setup.log ?? ((message, error) => console.error(message, error));
  const broadcaster =
    setup.broadcaster ??
    (setup.httpApi
      ? pusherHttpBroadcaster({
          ...setup.httpApi,
          appId: setup.app.id,
          key: setup.app.key,
          secret: setup.app.secret,
        })
      : silentBroadcaster);
  return {
    app: setup.app,
    broadcaster,
    channels: new ChannelAccess(setup.channelRules),
    events: new RealtimeEvents(broadcaster, log),
    online: new OnlineCounter(broadcaster, log),
  };
}

/**
 * The notification writer's `onCreated`: broadcasts the stored record with the recipient's
 * counters on the owner's channel (in the background, so the member's request never waits on
 * the realtime server), then runs the hook given in the options, if any.
 */
export function broadcastNotifications(
  realtime: RealtimeServices,
  next: NotificationCreatedHook = () => {},
): NotificationCreatedHook {
  return async (created: CreatedNotification) => {
    const { notification, counts } = created;
    realtime.events.inBackground(
      () => realtime.events.notificationCreated(created.recipientUuid, { ...notification, counts }),
      `notification ${notification.id}`,
    );
    await next(created);
  };
}
