import type { ShellContext } from '@ukd/contracts';
import type { Conversation, Message, MessagesReadEvent } from '@ukd/contracts/api';
import {
  echoChannels,
  INSUFFICIENT_CREDITS_FIELD,
  INSUFFICIENT_CREDITS_STATUS,
  MESSAGE_EVENTS,
} from '@ukd/contracts/api/constants';
import { creditsReduced, unreadMessagesSet } from '@ukd/store';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { apiFailure } from '../../lib/api-errors';
import {
  addPending,
  applyRead,
  type ChatMessage,
  firstServerId,
  lastServerId,
  lastUnreadForMe,
  mergeMessages,
  removePending,
  updatePending,
} from '../../lib/message-list';
import { sendImageMessage } from '../../lib/send-image';
import { messagingCalls } from '../../messaging-api';

export type Outgoing = { type: 'text'; body: string } | { type: 'wink' } | { type: 'image'; file: File };

/** Why a send was refused outright: nothing was sent and nothing is left to retry. */
export type Refusal = { kind: 'credits'; message: string } | { kind: 'refused'; message: string };

interface ChatState {
  messages: ChatMessage[];
  /** The newest read mark heard per reader: applied again to messages stored after it came. */
  readMarks: Record<number, { upToId: number; readAt: string }>;
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadError: string | null;
}

type Action =
  | { type: 'merged'; messages: Message[] }
  | { type: 'loaded'; messages: Message[]; hasOlder: boolean }
  | { type: 'older'; messages: Message[]; hasOlder: boolean }
  | { type: 'loadingOlder' }
  | { type: 'loadFailed'; message: string }
  | { type: 'pending'; item: ChatMessage }
  | { type: 'pendingChanged'; clientMsgId: string; change: Partial<Pick<ChatMessage, 'status' | 'error'>> }
  | { type: 'pendingRemoved'; clientMsgId: string }
  | { type: 'read'; readerId: number; upToId: number; readAt: string };

const initial: ChatState = {
  messages: [],
  readMarks: {},
  loaded: false,
  hasOlder: false,
  loadingOlder: false,
  loadError: null,
};

/**
 * Stored messages arriving, with the read marks already heard applied: a `message.read` can beat
 * the answer to my own send (the reader saw it live first), and must not be lost.
 */
function merged(state: ChatState, incoming: Message[]): ChatMessage[] {
  let messages = mergeMessages(state.messages, incoming);
  for (const [reader, mark] of Object.entries(state.readMarks)) {
    messages = applyRead(messages, Number(reader), mark.upToId, mark.readAt);
  }
  return messages;
}

export function chatReducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'merged':
      return { ...state, messages: merged(state, action.messages) };
    case 'loaded':
      return {
        ...state,
        messages: merged(state, action.messages),
        loaded: true,
        hasOlder: action.hasOlder,
        loadError: null,
      };
    case 'older':
      return {
        ...state,
        messages: merged(state, action.messages),
        hasOlder: action.hasOlder,
        loadingOlder: false,
      };
    case 'loadingOlder':
      return { ...state, loadingOlder: true };
    case 'loadFailed':
      return { ...state, loadError: action.message, loadingOlder: false };
    case 'pending':
      return { ...state, messages: addPending(state.messages, action.item) };
    case 'pendingChanged':
      return { ...state, messages: updatePending(state.messages, action.clientMsgId, action.change) };
    case 'pendingRemoved':
      return { ...state, messages: removePending(state.messages, action.clientMsgId) };
    case 'read': {
      const previous = state.readMarks[action.readerId];
      const readMarks =
        previous && previous.upToId >= action.upToId
          ? state.readMarks
          : { ...state.readMarks, [action.readerId]: { upToId: action.upToId, readAt: action.readAt } };
      return {
        ...state,
        readMarks,
        messages: applyRead(state.messages, action.readerId, action.upToId, action.readAt),
      };
    }
  }
}

/** A photo's local preview is let go once the stored copy (or the refusal) replaces it. */
function dropPreview(previews: Map<string, string>, clientMsgId: string) {
  const url = previews.get(clientMsgId);
  if (url) URL.revokeObjectURL(url);
  previews.delete(clientMsgId);
}

function newClientMsgId(): string {
  return crypto.randomUUID();
}

function errorText(error: unknown): string {
  return apiFailure(error).message || 'Something went wrong. Please try again.';
}

/**
 * One conversation's messages, kept whole across realtime's gaps (notes/realtime.md): the
 * channel is joined first, and on every subscription success, reconnect, `online` event and
 * return to the tab the page fetches `?after={last id}`; every arrival is merged by server id
 * and `client_msg_id`, so nothing is missed and nothing doubled. Sends are optimistic and carry a
 * `client_msg_id` reused on retry, so a retried send is stored and paid for once.
 */
export function useChat(shell: ShellContext, conversation: Conversation) {
  const { uuid } = conversation;
  const viewerId = conversation.viewer_id;
  const dispatch = useDispatch();
  const calls = useMemo(() => messagingCalls(shell), [shell]);
  const [state, update] = useReducer(chatReducer, initial);
  const stateRef = useRef(state);
  stateRef.current = state;
  const outgoing = useRef(new Map<string, Outgoing>());
  const charged = useRef(new Set<string>());
  const previews = useRef(new Map<string, string>());

  const catchingUp = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const alive = useRef(true);

  /** Fetch what is newer than the last id held (or the latest page first); single flight. */
  const catchUp = useCallback((): Promise<void> => {
    if (catchingUp.current) {
      again.current = true;
      return catchingUp.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const after = lastServerId(stateRef.current.messages);
        if (!stateRef.current.loaded || after === null) {
          const page = await calls.latest(uuid);
          if (!alive.current) return;
          update({ type: 'loaded', messages: page.data, hasOlder: page.meta.has_more });
          stateRef.current = chatReducer(stateRef.current, {
            type: 'loaded',
            messages: page.data,
            hasOlder: page.meta.has_more,
          });
          continue;
        }
        let cursor = after;
        for (;;) {
          const page = await calls.after(uuid, cursor);
          if (!alive.current) return;
          update({ type: 'merged', messages: page.data });
          stateRef.current = chatReducer(stateRef.current, { type: 'merged', messages: page.data });
          const last = page.data.at(-1);
          if (!page.meta.has_more || !last) break;
          cursor = last.id;
        }
        // A `message.read` missed while away is not in `?after`: if some of mine still look
        // unread, the latest page brings their read_at.
        if (
          stateRef.current.messages.some((m) => m.id !== null && m.from_id === viewerId && m.read_at === null)
        ) {
          const page = await calls.latest(uuid);
          if (!alive.current) return;
          update({ type: 'merged', messages: page.data });
          stateRef.current = chatReducer(stateRef.current, { type: 'merged', messages: page.data });
        }
      } while (again.current);
    };
    catchingUp.current = run()
      .catch((error: unknown) => {
        if (alive.current && !stateRef.current.loaded)
          update({ type: 'loadFailed', message: errorText(error) });
      })
      .finally(() => {
        catchingUp.current = null;
      });
    return catchingUp.current;
  }, [calls, uuid, viewerId]);

  // Live: the conversation's channel, catching up on each (re)subscription, reconnect, coming
  // back online and the tab showing again.
  useEffect(() => {
    alive.current = true;
    const channel = echoChannels.conversation(uuid);
    const disposers: Array<() => void> = [];
    const realtime = shell.realtime;
    if (realtime) {
      disposers.push(
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
    const onVisible = () => {
      if (document.visibilityState === 'visible') void catchUp();
    };
    const onOnline = () => void catchUp();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    void catchUp();
    return () => {
      alive.current = false;
      for (const dispose of disposers) dispose();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [shell, uuid, catchUp]);

  // Mark read when shown: the newest unread message for me, while the tab is visible. The
  // answer carries my unread total, which the top bar's badge shows.
  const readingUpTo = useRef<number | null>(null);
  const markRead = useCallback(
    async (upToId: number) => {
      if (readingUpTo.current !== null && readingUpTo.current >= upToId) return;
      readingUpTo.current = upToId;
      try {
        const { data } = await calls.markRead(uuid, upToId);
        dispatch(unreadMessagesSet(data.unread_messages_count));
        if (alive.current) update({ type: 'read', readerId: viewerId, upToId, readAt: data.read_at });
      } catch {
        readingUpTo.current = null;
      }
    },
    [calls, uuid, viewerId, dispatch],
  );
  const unreadUpTo = lastUnreadForMe(state.messages, viewerId);
  useEffect(() => {
    if (unreadUpTo === null) return;
    const tryRead = () => {
      if (document.visibilityState === 'visible') void markRead(unreadUpTo);
    };
    tryRead();
    document.addEventListener('visibilitychange', tryRead);
    return () => document.removeEventListener('visibilitychange', tryRead);
  }, [unreadUpTo, markRead]);

  // The shell counts every MESSAGE_RECEIVED notification as one more unread message, even one
  // this open conversation has already shown and read: catch up, then let the API say the total.
  useEffect(() => {
    return shell.bus.on('notifications:new', (event) => {
      if (event.action_type !== 'MESSAGE_RECEIVED' || event.from_user_uuid !== conversation.chatmate.uuid)
        return;
      void catchUp().then(async () => {
        const last = lastServerId(stateRef.current.messages);
        if (last === null || document.visibilityState !== 'visible') return;
        try {
          const { data } = await calls.markRead(uuid, last);
          dispatch(unreadMessagesSet(data.unread_messages_count));
        } catch {
          // The next read or page load corrects the badge.
        }
      });
    });
  }, [shell, conversation.chatmate.uuid, catchUp, calls, uuid, dispatch]);

  const loadOlder = useCallback(async () => {
    const current = stateRef.current;
    const first = firstServerId(current.messages);
    if (!current.hasOlder || current.loadingOlder || first === null) return;
    update({ type: 'loadingOlder' });
    stateRef.current = { ...current, loadingOlder: true };
    try {
      const page = await calls.before(uuid, first);
      if (alive.current) update({ type: 'older', messages: page.data, hasOlder: page.meta.has_more });
    } catch (error) {
      if (alive.current) update({ type: 'loadFailed', message: errorText(error) });
    }
  }, [calls, uuid]);

  /** One attempt at sending a message already shown; resolves with a refusal, if any. */
  const attempt = useCallback(
    async (clientMsgId: string): Promise<Refusal | null> => {
      const message = outgoing.current.get(clientMsgId);
      if (!message) return null;
      update({ type: 'pendingChanged', clientMsgId, change: { status: 'sending', error: undefined } });
      try {
        const { data } =
          message.type === 'image'
            ? await sendImageMessage(shell.api, {
                conversationUuid: uuid,
                clientMsgId,
                file: message.file,
                siteKey: shell.site.key,
                headers: calls.socketHeaders(),
              })
            : await calls.send(uuid, {
                client_msg_id: clientMsgId,
                type: message.type,
                ...(message.type === 'text' ? { body: message.body } : {}),
              });
        outgoing.current.delete(clientMsgId);
        // Stored once whatever the number of attempts, so paid for once: the balance drops once.
        if (!charged.current.has(clientMsgId)) {
          charged.current.add(clientMsgId);
          if (data.price > 0) dispatch(creditsReduced(data.price));
        }
        update({ type: 'merged', messages: [data] });
        dropPreview(previews.current, clientMsgId);
        return null;
      } catch (error) {
        const failure = apiFailure(error);
        const { status } = failure;
        const refused =
          status === INSUFFICIENT_CREDITS_STATUS || status === 403 || status === 404 || status === 422;
        if (refused) {
          // Nothing was stored or paid: take the message away and say why.
          outgoing.current.delete(clientMsgId);
          update({ type: 'pendingRemoved', clientMsgId });
          dropPreview(previews.current, clientMsgId);
          if (status === INSUFFICIENT_CREDITS_STATUS || failure.fieldErrors[INSUFFICIENT_CREDITS_FIELD]) {
            return { kind: 'credits', message: errorText(error) };
          }
          return { kind: 'refused', message: errorText(error) };
        }
        update({
          type: 'pendingChanged',
          clientMsgId,
          change: { status: 'failed', error: errorText(error) },
        });
        return null;
      }
    },
    [shell, calls, uuid, dispatch],
  );

  const send = useCallback(
    (message: Outgoing, price: number): Promise<Refusal | null> => {
      const clientMsgId = newClientMsgId();
      outgoing.current.set(clientMsgId, message);
      const preview = message.type === 'image' ? URL.createObjectURL(message.file) : undefined;
      if (preview) previews.current.set(clientMsgId, preview);
      update({
        type: 'pending',
        item: {
          key: clientMsgId,
          client_msg_id: clientMsgId,
          id: null,
          from_id: viewerId,
          to_id: conversation.chatmate.id,
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
    },
    [attempt, viewerId, conversation.chatmate.id],
  );

  return { ...state, viewerId, send, retry: attempt, loadOlder, catchUp };
}
