import { type ApiFailure, toFailure } from '@ukd/api-client';
import type { RealtimeAccess } from '@ukd/contracts';
import type { Message, MessagesReadEvent } from '@ukd/contracts/api';
import {
  echoChannels,
  INSUFFICIENT_CREDITS_FIELD,
  INSUFFICIENT_CREDITS_STATUS,
  MESSAGE_EVENTS,
} from '@ukd/contracts/api/constants';
import { creditsSet, unreadMessagesSet } from '@ukd/store';
import type { MessagingCalls } from '../messaging-api';
import { type ChatAction, type ChatState, chatReducer, initialChatState } from './chat-state';
import { firstServerId, lastUnreadForMe } from './message-list';
import { IMAGE_TOO_LARGE, imageProblem } from './send-image';
import { browserTab, type TabSignals } from './tab-signals';

export type Outgoing = { type: 'text'; body: string } | { type: 'wink' } | { type: 'image'; file: File };

/** Why a send was refused outright: nothing was sent and nothing is left to retry. */
export type Refusal = { kind: 'credits'; message: string } | { kind: 'refused'; message: string };

/** The counters a conversation learns from the server's answers. */
type CounterAction = ReturnType<typeof creditsSet> | ReturnType<typeof unreadMessagesSet>;

export interface ChatSessionOptions {
  calls: Pick<MessagingCalls, 'latest' | 'after' | 'before' | 'send' | 'sendImage' | 'markRead'>;
  realtime: RealtimeAccess | null | undefined;
  uuid: string;
  viewerId: number;
  chatmateId: number;
  /** The store's dispatch: the balance and unread total are set from the server's answers. */
  dispatch(action: CounterAction): unknown;
  tab?: TabSignals;
  newClientMsgId?(): string;
}

function errorText(failure: ApiFailure): string {
  return failure.message || 'Something went wrong. Please try again.';
}

/** A photo's refusal names the photo's own problem when the server gave one. */
function imageErrorText(failure: ApiFailure): string {
  if (failure.fieldErrors.image) return failure.fieldErrors.image;
  return failure.status === 413 ? IMAGE_TOO_LARGE : errorText(failure);
}

/** 402, 403, 404 and 422 mean nothing was stored or paid, so there is nothing to retry. */
function isRefusal(status: number): boolean {
  return status === INSUFFICIENT_CREDITS_STATUS || status === 403 || status === 404 || status === 422;
}

/**
 * One conversation's messages, kept whole across realtime's gaps (notes/realtime.md), outside
 * React so that its rules read top to bottom and can be tested without rendering. `start()` joins
 * the channel and catches up by id on every subscription success, reconnect, `online` event and
 * return to the tab; every arrival is merged by server id and `client_msg_id`, so nothing is
 * missed and nothing doubled. Sends are optimistic and carry a `client_msg_id` reused on retry,
 * so a retried send is stored and paid for once. While started and visible, what is shown is
 * marked read.
 */
export function createChatSession(options: ChatSessionOptions) {
  const { calls, realtime, uuid, viewerId, chatmateId, dispatch, tab = browserTab } = options;
  const newClientMsgId = options.newClientMsgId ?? (() => crypto.randomUUID());
  let state: ChatState = initialChatState;
  const listeners = new Set<() => void>();
  /** Messages shown but not stored yet, by client id: what Retry sends again. */
  const outbox = new Map<string, Outgoing>();
  const previews = new Map<string, string>();
  let started = false;
  let catchingUp: Promise<void> | null = null;
  let again = false;
  /**
   * The newest id a read from the server returned: every message up to it is held. A catch-up
   * asks after this, never after the newest id held: a live event, or the answer to my own send,
   * can come before an earlier message whose event was lost in one of realtime's gaps, and asking
   * after it would skip that message for good (the fault suite's Redis restart found one). Within
   * a conversation ids follow commit order (a send locks its conversation first), so what one
   * read returns is every message up to its newest. Null until the latest page is loaded.
   */
  let syncedUpTo: number | null = null;
  let readingUpTo: number | null = null;

  function update(action: ChatAction) {
    state = chatReducer(state, action);
    for (const listener of listeners) listener();
    readWhatIsShown();
  }

  /** Fetch what is newer than the last read (the latest page first). */
  async function fetchNewer() {
    if (syncedUpTo === null) {
      const page = await calls.latest(uuid);
      update({ type: 'loaded', messages: page.data, hasOlder: page.meta.has_more });
      syncedUpTo = page.data.reduce((newest, m) => Math.max(newest, m.id), 0);
      return;
    }
    for (;;) {
      const page = await calls.after(uuid, syncedUpTo);
      update({ type: 'merged', messages: page.data });
      const last = page.data.at(-1);
      if (!last) break;
      syncedUpTo = Math.max(syncedUpTo, last.id);
      if (!page.meta.has_more) break;
    }
    // A `message.read` missed while away is not in `?after`: if some of mine still look unread,
    // the latest page brings their read_at.
    if (state.messages.some((m) => m.id !== null && m.from_id === viewerId && m.read_at === null)) {
      const page = await calls.latest(uuid);
      update({ type: 'merged', messages: page.data });
    }
  }

  /** Single flight: a call while one runs asks for one more round once it ends. */
  function catchUp(): Promise<void> {
    if (catchingUp) {
      again = true;
      return catchingUp;
    }
    catchingUp = (async () => {
      do {
        again = false;
        await fetchNewer();
      } while (again);
    })()
      .catch((error: unknown) => {
        if (!state.loaded) update({ type: 'loadFailed', message: errorText(toFailure(error)) });
      })
      .finally(() => {
        catchingUp = null;
      });
    return catchingUp;
  }

  async function loadOlder() {
    const first = firstServerId(state.messages);
    if (!state.hasOlder || state.loadingOlder || first === null) return;
    update({ type: 'loadingOlder' });
    try {
      const page = await calls.before(uuid, first);
      update({ type: 'older', messages: page.data, hasOlder: page.meta.has_more });
    } catch (error) {
      update({ type: 'loadFailed', message: errorText(toFailure(error)) });
    }
  }

  /** The answer carries my unread total, which the top bar's badge shows. */
  async function markRead(upToId: number) {
    if (readingUpTo !== null && readingUpTo >= upToId) return;
    readingUpTo = upToId;
    try {
      const { data } = await calls.markRead(uuid, upToId);
      dispatch(unreadMessagesSet(data.unread_messages_count));
      update({ type: 'read', readerId: viewerId, upToId, readAt: data.read_at });
    } catch {
      readingUpTo = null;
    }
  }

  /** The newest unread message for me is on screen while the page is open and the tab visible. */
  function readWhatIsShown() {
    if (!started || !tab.visible()) return;
    const upTo = lastUnreadForMe(state.messages, viewerId);
    if (upTo !== null) void markRead(upTo);
  }

  /** A photo's local preview is let go once the stored copy (or the refusal) replaces it. */
  function settle(clientMsgId: string) {
    outbox.delete(clientMsgId);
    const url = previews.get(clientMsgId);
    if (url) URL.revokeObjectURL(url);
    previews.delete(clientMsgId);
  }

  function refuse(clientMsgId: string, refusal: Refusal): Refusal {
    settle(clientMsgId);
    update({ type: 'pendingRemoved', clientMsgId });
    return refusal;
  }

  /** One attempt at sending a message already shown; resolves with a refusal, if any. */
  async function attempt(clientMsgId: string): Promise<Refusal | null> {
    const message = outbox.get(clientMsgId);
    if (!message) return null;
    const problem = message.type === 'image' ? imageProblem(message.file) : null;
    if (problem) return refuse(clientMsgId, { kind: 'refused', message: problem });
    update({ type: 'pendingChanged', clientMsgId, change: { status: 'sending', error: undefined } });
    try {
      const answer =
        message.type === 'image'
          ? await calls.sendImage(uuid, clientMsgId, message.file)
          : await calls.send(uuid, {
              client_msg_id: clientMsgId,
              type: message.type,
              ...(message.type === 'text' ? { body: message.body } : {}),
            });
      settle(clientMsgId);
      // The server says what the balance is after the send, however many attempts it took.
      if (answer.meta) dispatch(creditsSet(answer.meta.credits));
      update({ type: 'merged', messages: [answer.data] });
      return null;
    } catch (error) {
      const failure = toFailure(error);
      const text = message.type === 'image' ? imageErrorText(failure) : errorText(failure);
      if (failure.status === INSUFFICIENT_CREDITS_STATUS || failure.fieldErrors[INSUFFICIENT_CREDITS_FIELD])
        return refuse(clientMsgId, { kind: 'credits', message: text });
      if (isRefusal(failure.status)) return refuse(clientMsgId, { kind: 'refused', message: text });
      update({ type: 'pendingChanged', clientMsgId, change: { status: 'failed', error: text } });
      return null;
    }
  }

  function send(message: Outgoing, price: number): Promise<Refusal | null> {
    const clientMsgId = newClientMsgId();
    outbox.set(clientMsgId, message);
    const preview = message.type === 'image' ? URL.createObjectURL(message.file) : undefined;
    if (preview) previews.set(clientMsgId, preview);
    update({
      type: 'pending',
      item: {
        key: clientMsgId,
        client_msg_id: clientMsgId,
        id: null,
        from_id: viewerId,
        to_id: chatmateId,
        type: message.type,
        body: message.type === 'text' ? message.body : null,
        image: null,
        ...(preview ? { localImageUrl: preview } : {}),
        price,
        created_at: new Date().toISOString(),
        read_at: null,
        status: 'sending',
      },
    });
    return attempt(clientMsgId);
  }

  /** Live: the conversation's channel and the tab's signals, until the returned stop is called. */
  function start(): () => void {
    started = true;
    const channel = echoChannels.conversation(uuid);
    const onShown = () => {
      void catchUp();
      readWhatIsShown();
    };
    const stops = [tab.onShown(onShown), tab.onOnline(() => void catchUp())];
    if (realtime) {
      stops.push(
        realtime.subscribe(
          channel,
          MESSAGE_EVENTS.sent,
          (payload) => {
            const message = payload as Message;
            if (message.conversation_uuid === uuid) update({ type: 'merged', messages: [message] });
          },
          { onSubscribed: () => void catchUp() },
        ),
        realtime.subscribe(channel, MESSAGE_EVENTS.read, (payload) => {
          const event = payload as MessagesReadEvent;
          if (event.conversation_uuid !== uuid) return;
          update({ type: 'read', readerId: event.reader_id, upToId: event.up_to_id, readAt: event.read_at });
        }),
        realtime.onReconnect(() => void catchUp()),
      );
    }
    void catchUp();
    readWhatIsShown();
    return () => {
      started = false;
      for (const stop of stops) stop();
    };
  }

  return {
    start,
    catchUp,
    loadOlder,
    send,
    retry: attempt,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => state,
  };
}

export type ChatSession = ReturnType<typeof createChatSession>;
