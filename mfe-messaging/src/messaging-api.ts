import { type ApiFailure, toFailure } from '@ukd/api-client';
import type { ApiRequest, ShellContext } from '@ukd/contracts';
import type {
  Conversation,
  ConversationList,
  MarkReadResponse,
  MessageList,
  MessagePricesResponse,
  SendMessageRequest,
  SentMessageResponse,
} from '@ukd/contracts/api';
import { useShell } from '@ukd/ui';
import { useEffect, useRef, useState } from 'react';

/** SPEC §9: conversation page size 10. */
export const CONVERSATION_PAGE_SIZE = 10;
/** Messages per page of a conversation's history (the API's default and a screenful or two). */
export const MESSAGE_PAGE_SIZE = 50;
/** SPEC §7: what the list includes. */
export const CONVERSATION_INCLUDE = 'recipient.approved_primary,initiator.approved_primary,last_message';

export type ReadFilter = 'all' | 'unread' | 'read';

export interface ConversationFilters {
  username: string;
  read: ReadFilter;
  starred: boolean;
}

type Query = Record<string, string | number | boolean | undefined>;

/** SPEC §7 query of `user-conversations`: page, limit 10, include, star, filters. */
export function conversationListQuery(filters: ConversationFilters, page: number): Query {
  return {
    page,
    limit: CONVERSATION_PAGE_SIZE,
    include: CONVERSATION_INCLUDE,
    star: filters.starred ? 1 : undefined,
    'filter[username]': filters.username.trim() || undefined,
    'filter[only_read]': filters.read === 'read' ? 1 : undefined,
    'filter[only_unread]': filters.read === 'unread' ? 1 : undefined,
  };
}

const path = (uuid: string) => `/user-conversations/${encodeURIComponent(uuid)}`;

/** The sender's socket, so the API does not echo my own message back to me (`toOthers`). */
function socketHeaders(shell: Pick<ShellContext, 'realtime'>): Record<string, string> | undefined {
  const socketId = shell.realtime?.socketId();
  return socketId ? { 'X-Socket-ID': socketId } : undefined;
}

/** Calls a page makes directly: they feed its own merge rules rather than a cache entry. */
export function messagingCalls(shell: Pick<ShellContext, 'api' | 'realtime'>) {
  const api: ApiRequest = shell.api;
  return {
    conversations: (filters: ConversationFilters, page: number, signal?: AbortSignal) =>
      api<ConversationList>('/user-conversations', { query: conversationListQuery(filters, page), signal }),
    latest: (uuid: string) =>
      api<MessageList>(`${path(uuid)}/messages`, { query: { limit: MESSAGE_PAGE_SIZE } }),
    after: (uuid: string, after: number) =>
      api<MessageList>(`${path(uuid)}/messages`, {
        query: { after, limit: MESSAGE_PAGE_SIZE },
        // A catch-up the member did not ask for: no progress bar, a form's errors untouched.
        background: true,
      }),
    before: (uuid: string, before: number) =>
      api<MessageList>(`${path(uuid)}/messages`, { query: { before, limit: MESSAGE_PAGE_SIZE } }),
    send: (uuid: string, body: SendMessageRequest) =>
      api<SentMessageResponse>(`${path(uuid)}/messages`, {
        method: 'POST',
        body,
        headers: socketHeaders(shell),
      }),
    /** The same send as multipart (`client_msg_id` + `image`): the shell's client sends FormData as is. */
    sendImage: (uuid: string, clientMsgId: string, file: File) => {
      const form = new FormData();
      form.append('client_msg_id', clientMsgId);
      form.append('image', file, file.name || 'photo');
      return api<SentMessageResponse>(`${path(uuid)}/messages`, {
        method: 'POST',
        body: form,
        headers: socketHeaders(shell),
      });
    },
    markRead: (uuid: string, upToId: number) =>
      api<MarkReadResponse>(`${path(uuid)}/read`, { method: 'POST', body: { up_to_id: upToId } }),
    setStar: (uuid: string, on: boolean) =>
      api<{ data?: Conversation } | undefined>(`${path(uuid)}/star`, { method: on ? 'PUT' : 'DELETE' }),
    /** Deletes it for me only: its messages so far are hidden for me; it returns with the next message. */
    remove: (uuid: string) => api<{ message: string }>(path(uuid), { method: 'DELETE' }),
  };
}

export type MessagingCalls = ReturnType<typeof messagingCalls>;

interface Loaded<T> {
  data: T | undefined;
  error: ApiFailure | null;
  isLoading: boolean;
  refetch(): void;
}

/**
 * One call's answer for a page, fetched on mount and when `key` changes. This remote keeps no
 * RTK Query cache: its lists and conversations are live-merged state of their own, and leaving
 * RTK Query out keeps 22 KB (RTK Query and immer) off a cold load of /messages.
 */
function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  // Nothing answered yet: no key.
  const [state, setState] = useState<{
    key: string | null;
    data?: T;
    error: ApiFailure | null;
    attempt: number;
  }>({
    key: null,
    error: null,
    attempt: 0,
  });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => setState({ key, data, error: null, attempt }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, error: toFailure(error), attempt });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const current = state.key === key && state.attempt === attempt;
  return {
    data: state.key === key ? state.data : undefined,
    error: current ? state.error : null,
    isLoading: !current,
    refetch: () => setAttempt((n) => n + 1),
  };
}

/** `GET /user-conversations/{uuid}` with its photos and last message; 404 if it is not mine. */
export function useConversation(uuid: string): Loaded<Conversation> {
  const shell = useShell();
  return useLoaded(`conversation:${uuid}`, async (signal) => {
    if (!shell) throw new Error('No shell');
    const answer = await shell.api<{ data: Conversation }>(path(uuid), {
      query: { include: CONVERSATION_INCLUDE },
      signal,
    });
    return answer.data;
  });
}

/** `GET /message-prices`: what each type costs me now (0 with the 24-hour pass). */
export function useMessagePrices(): Loaded<MessagePricesResponse['data']> {
  const shell = useShell();
  return useLoaded('message-prices', async (signal) => {
    if (!shell) throw new Error('No shell');
    return (await shell.api<MessagePricesResponse>('/message-prices', { signal })).data;
  });
}
