import type { ApiRequest, ShellContext } from '@ukd/contracts';
import type {
  Conversation,
  ConversationList,
  MarkReadResponse,
  MessageList,
  SendMessageRequest,
  SentMessageResponse,
} from '@ukd/contracts/api';
import { earlyCalls } from './lib/early-calls';

// The calls alone, without React: the routes (read by the site build under plain Node) start
// the conversation page's first calls from here.

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

/** The list's tabs, as its address names them (`?filter=unread`). */
export const LIST_TABS = ['all', 'unread', 'read', 'starred'] as const;
export type ListTab = (typeof LIST_TABS)[number];

export function listTabOf(value: string | null): ListTab {
  return LIST_TABS.find((tab) => tab === value) ?? 'all';
}

/** What the list asks the API for under a tab and a username search. */
export function listFilters(tab: ListTab, username: string): ConversationFilters {
  return { username, read: tab === 'read' || tab === 'unread' ? tab : 'all', starred: tab === 'starred' };
}

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

const listKey = (query: Query) => `conversations:${JSON.stringify(query)}`;

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
    conversations: (filters: ConversationFilters, page: number, signal?: AbortSignal) => {
      const query = conversationListQuery(filters, page);
      return (
        earlyCalls.take<ConversationList>(listKey(query)) ??
        api<ConversationList>('/user-conversations', { query, signal })
      );
    },
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

const conversationKey = (uuid: string) => `conversation:${uuid}`;

const askConversation = (api: ApiRequest, uuid: string, signal?: AbortSignal) =>
  api<{ data: Conversation }>(path(uuid), { query: { include: CONVERSATION_INCLUDE }, signal }).then(
    (answer) => answer.data,
  );

/**
 * `GET /user-conversations/{uuid}` with its photos and last message; 404 if it is not mine. The
 * page's first ask takes the answer its route started beside the session check, if any.
 */
export function fetchConversation(
  api: ApiRequest,
  uuid: string,
  signal?: AbortSignal,
): Promise<Conversation> {
  return earlyCalls.take<Conversation>(conversationKey(uuid)) ?? askConversation(api, uuid, signal);
}

/**
 * The conversation page's header (who, their photo and place: its largest paint on a phone),
 * asked for while the shell checks the session (its route's `data`). Only the conversation: the
 * chat asks for its own messages and catches up after subscribing, as it always has.
 */
export function startConversationCall(shell: Pick<ShellContext, 'api'>, uuid: string): void {
  earlyCalls.start(conversationKey(uuid), () => askConversation(shell.api, uuid));
}

/** The list page's first call, started while the shell checks the session (its route's `data`). */
export function startListCalls(shell: Pick<ShellContext, 'api' | 'realtime'>, search: URLSearchParams): void {
  const filters = listFilters(listTabOf(search.get('filter')), search.get('username') ?? '');
  const { conversations } = messagingCalls(shell);
  earlyCalls.start(listKey(conversationListQuery(filters, 1)), () => conversations(filters, 1));
}
