import type Echo from 'laravel-echo';
import type Pusher from 'pusher-js';

export interface RealtimeSettings {
  key: string;
  host: string;
  port: number;
  scheme: 'ws' | 'wss';
}

export interface ChannelAuth {
  auth: string;
  channel_data?: string;
}

export interface RealtimeOptions {
  /** Where to connect; read when the first subscription needs the connection. */
  settings: RealtimeSettings | (() => Promise<RealtimeSettings>);
  /** Signs a private or presence subscription (POST /api/broadcasting/auth). */
  authorize(socketId: string, channelName: string): Promise<ChannelAuth>;
  /** Loads the clients; the shell passes dynamic imports so they stay off the first load. */
  load?(): Promise<{ Echo: typeof Echo; Pusher: typeof Pusher }>;
}

type Handler = (payload: unknown) => void;
type EchoInstance = Echo<'pusher'>;

/**
 * The connection as one owner (the shell, a remote, one mounted page or widget) sees it; the
 * shape of `RealtimeAccess` in `@ukd/contracts`. Everything it adds goes with `disposeOwner`.
 */
export interface OwnedRealtime {
  /**
   * Listen to `event` on a private channel (name without the `private-` prefix).
   * `onSubscribed` runs each time the subscription succeeds, reconnects included: the moment
   * to fetch what was missed by id (notes/realtime.md).
   */
  subscribe(channel: string, event: string, handler: Handler, hooks?: { onSubscribed?(): void }): () => void;
  /**
   * Listen to a client event (a whisper such as `typing`) on a private channel. The server
   * relays it only between subscribers and never echoes it to the sender.
   */
  listenForWhisper(channel: string, event: string, handler: Handler): () => void;
  onReconnect(handler: () => void): () => void;
  /** Send a client event (`client-{event}`) to the channel's other subscribers; dropped if not connected. */
  whisper(channel: string, event: string, data: Record<string, unknown>): void;
  socketId(): string | undefined;
}

/** A subscription whose connection was given up (logout while loading, modules unreachable) has nothing to do. */
const ignoreClosed = () => undefined;

/**
 * One realtime connection per member session, shared by the shell and every remote. Each
 * subscription belongs to an owner (`shell`, a remote id), so a remote's handlers are all
 * removed when it unmounts; a channel is left when no handler needs it any more.
 */
export function createRealtime(options: RealtimeOptions) {
  let echo: EchoInstance | null = null;
  let connecting: Promise<EchoInstance> | null = null;
  /** `whisper` entries are client events (`client-{event}`), sent by the other participant. */
  const subscriptions = new Set<{
    owner: string;
    channel: string;
    event: string;
    handler: Handler;
    whisper?: boolean;
  }>();
  const reconnectHandlers = new Set<{ owner: string; handler: () => void }>();
  let wasConnected = false;
  /** Counts `disconnect` calls: a connection still loading when the member logs out is not opened. */
  let closings = 0;

  async function connect(): Promise<EchoInstance> {
    connecting ??= (async () => {
      const closingsBefore = closings;
      const [{ Echo: EchoClass, Pusher: PusherClass }, settings] = await Promise.all([
        (options.load ?? defaultLoad)(),
        typeof options.settings === 'function' ? options.settings() : options.settings,
      ]);
      // Opening it now would leave a socket (and pusher-js's transport note in the storage
      // logout has just cleared) for nobody.
      if (closings !== closingsBefore) throw new Error('realtime disconnected while connecting');
      const instance = new EchoClass({
        broadcaster: 'pusher',
        key: settings.key,
        cluster: '',
        wsHost: settings.host,
        wsPort: settings.port,
        wssPort: settings.port,
        forceTLS: settings.scheme === 'wss',
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        Pusher: PusherClass,
        channelAuthorization: {
          endpoint: '/api/broadcasting/auth',
          transport: 'ajax',
          customHandler: ({ socketId, channelName }, callback) => {
            options.authorize(socketId, channelName).then(
              (auth) => callback(null, auth),
              (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
            );
          },
        },
      } as ConstructorParameters<typeof EchoClass<'pusher'>>[0]) as EchoInstance;
      // After a drop, what was missed is fetched by id: tell everyone who asked.
      instance.connector.pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') return;
        if (wasConnected) for (const { handler } of [...reconnectHandlers]) handler();
        wasConnected = true;
      });
      echo = instance;
      return instance;
    })();
    const attempt = connecting;
    // A failed attempt is not kept: the next subscription tries again.
    attempt.catch(() => {
      if (connecting === attempt) connecting = null;
    });
    return attempt;
  }

  function isNeeded(channel: string) {
    return [...subscriptions].some((s) => s.channel === channel);
  }

  function stop(subscription: { channel: string; event: string; handler: Handler; whisper?: boolean }) {
    if (!echo) return;
    const joined = echo.private(subscription.channel);
    if (subscription.whisper) joined.stopListeningForWhisper(subscription.event, subscription.handler);
    else joined.stopListening(`.${subscription.event}`, subscription.handler);
    if (!isNeeded(subscription.channel)) echo.leave(subscription.channel);
  }

  function subscribe(
    owner: string,
    channel: string,
    event: string,
    handler: Handler,
    hooks: { onSubscribed?(): void } = {},
  ): () => void {
    const subscription = { owner, channel, event, handler };
    subscriptions.add(subscription);
    connect().then((instance) => {
      if (!subscriptions.has(subscription)) return;
      const joined = instance.private(channel).listen(`.${event}`, handler);
      if (hooks.onSubscribed) joined.subscribed(hooks.onSubscribed);
    }, ignoreClosed);
    return () => {
      if (subscriptions.delete(subscription)) stop(subscription);
    };
  }

  function listenForWhisper(owner: string, channel: string, event: string, handler: Handler): () => void {
    const subscription = { owner, channel, event, handler, whisper: true };
    subscriptions.add(subscription);
    connect().then((instance) => {
      if (subscriptions.has(subscription)) instance.private(channel).listenForWhisper(event, handler);
    }, ignoreClosed);
    return () => {
      if (subscriptions.delete(subscription)) stop(subscription);
    };
  }

  function whisper(channel: string, event: string, data: Record<string, unknown>) {
    echo?.private(channel).whisper(event, data);
  }

  const socketId = () => echo?.socketId();

  return {
    connect,
    /** What `owner` may do on the connection; `disposeOwner(owner)` undoes all of it. */
    owned(owner: string): OwnedRealtime {
      return {
        subscribe: (channel, event, handler, hooks) => subscribe(owner, channel, event, handler, hooks),
        listenForWhisper: (channel, event, handler) => listenForWhisper(owner, channel, event, handler),
        onReconnect(handler) {
          const entry = { owner, handler };
          reconnectHandlers.add(entry);
          return () => reconnectHandlers.delete(entry);
        },
        whisper,
        socketId,
      };
    },
    whisper,
    /**
     * Be counted in a presence channel (e.g. `online`) until the returned function is called.
     * `onCount` hears how many members are on it (each once, whatever their tabs), as it changes.
     */
    join(channel: string, onCount?: (members: number) => void): () => void {
      let left = false;
      connect().then((instance) => {
        if (left) return;
        const presence = instance.join(channel);
        if (!onCount) return;
        let members = 0;
        const tell = (next: number) => {
          members = Math.max(0, next);
          if (!left) onCount(members);
        };
        presence
          .here((here: unknown[]) => tell(here.length))
          .joining(() => tell(members + 1))
          .leaving(() => tell(members - 1));
      }, ignoreClosed);
      return () => {
        left = true;
        echo?.leave(channel);
      };
    },
    /** Everything `owner` subscribed to goes (a remote unmounting, the member logging out). */
    disposeOwner(owner: string) {
      for (const subscription of [...subscriptions]) {
        if (subscription.owner !== owner) continue;
        subscriptions.delete(subscription);
        stop(subscription);
      }
      for (const entry of [...reconnectHandlers]) if (entry.owner === owner) reconnectHandlers.delete(entry);
    },
    socketId,
    disconnect() {
      closings += 1;
      subscriptions.clear();
      echo?.disconnect();
      echo = null;
      connecting = null;
      wasConnected = false;
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

async function defaultLoad() {
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([
    import('laravel-echo'),
    import('pusher-js'),
  ]);
  return { Echo, Pusher };
}
