import { baseApi } from '@ukd/api-client/rtk';
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
import { type ApiFailure, apiFailure } from './lib/api-errors';

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
      api<MessageList>(`${path(uuid)}/messages`, { query: { after, limit: MESSAGE_PAGE_SIZE } }),
    before: (uuid: string, before: number) =>
      api<MessageList>(`${path(uuid)}/messages`, { query: { before, limit: MESSAGE_PAGE_SIZE } }),
    send: (uuid: string, body: SendMessageRequest) =>
      api<SentMessageResponse>(`${path(uuid)}/messages`, {
        method: 'POST',
        body,
        headers: socketHeaders(shell),
      }),
    markRead: (uuid: string, upToId: number) =>
      api<MarkReadResponse>(`${path(uuid)}/read`, { method: 'POST', body: { up_to_id: upToId } }),
    setStar: (uuid: string, on: boolean) =>
      api<{ data?: Conversation } | undefined>(`${path(uuid)}/star`, { method: on ? 'PUT' : 'DELETE' }),
    /** Deletes it for me only: its messages so far are hidden for me; it returns with the next message. */
    remove: (uuid: string) => api<{ message: string }>(path(uuid), { method: 'DELETE' }),
    socketHeaders: () => socketHeaders(shell),
  };
}

export type MessagingCalls = ReturnType<typeof messagingCalls>;

/** This remote's endpoints on the site's one RTK Query api. Tag: `Conversation` (one, by uuid). */
export const messagingApi = baseApi.enhanceEndpoints({ addTagTypes: ['Conversation'] }).injectEndpoints({
  endpoints: (build) => ({
    conversation: build.query<Conversation, string>({
      query: (uuid) => ({ url: path(uuid), query: { include: CONVERSATION_INCLUDE } }),
      transformResponse: (response: { data: Conversation }) => response.data,
      providesTags: (_r, _e, uuid) => [{ type: 'Conversation', id: uuid }],
    }),
    messagePrices: build.query<MessagePricesResponse['data'], void>({
      query: () => ({ url: '/message-prices' }),
      transformResponse: (response: MessagePricesResponse) => response.data,
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useConversationQuery, useMessagePricesQuery } = messagingApi;

/** The error RTK Query hands back (or null when there is none). */
export function apiError(error: unknown): ApiFailure | null {
  return error ? apiFailure(error) : null;
}
