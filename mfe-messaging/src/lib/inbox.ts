import type { EventBus, RealtimeAccess } from '@ukd/contracts';
import type { Conversation, ConversationList } from '@ukd/contracts/api';
import type { ConversationFilters, MessagingCalls } from '../messaging-api';
import {
  type ConversationPages,
  hasNextPage,
  mergeConversations,
  mergePage,
  removeConversation,
} from './conversation-list';
import { browserTab, type TabSignals } from './tab-signals';

export interface InboxState {
  pages: ConversationPages | undefined;
  loading: boolean;
  error: string | null;
}

type InboxAction =
  | { type: 'loading' }
  | { type: 'page'; page: ConversationList }
  | { type: 'failed'; message: string }
  | { type: 'changed'; conversation: Conversation }
  | { type: 'removed'; uuid: string };

function inboxReducer(state: InboxState, action: InboxAction): InboxState {
  switch (action.type) {
    case 'loading':
      return { ...state, loading: true, error: null };
    case 'page':
      return { pages: mergePage(state.pages, action.page), loading: false, error: null };
    case 'failed':
      return { ...state, loading: false, error: action.message };
    case 'changed':
      return state.pages
        ? {
            ...state,
            pages: { ...state.pages, data: mergeConversations(state.pages.data, [action.conversation]) },
          }
        : state;
    case 'removed':
      return state.pages
        ? { ...state, pages: { ...state.pages, data: removeConversation(state.pages.data, action.uuid) } }
        : state;
  }
}

export interface InboxOptions {
  calls: Pick<MessagingCalls, 'conversations' | 'setStar'>;
  /** One inbox per set of filters: new filters start a new inbox from page 1. */
  filters: ConversationFilters;
  bus: EventBus;
  realtime: Pick<RealtimeAccess, 'onReconnect'> | null | undefined;
  tab?: TabSignals;
}

/**
 * The member's conversations under one set of filters, kept by SPEC §4's rules: pages merge by
 * id, the next page loads while `current_page < last_page`, and while started a live message
 * (the shell's `notifications:new`), a reconnect or coming back to the tab fetches page 1 again,
 * which adds or replaces by uuid. Read with subscribe/current, like the chat session.
 */
export function createInbox({ calls, filters, bus, realtime, tab = browserTab }: InboxOptions) {
  let state: InboxState = { pages: undefined, loading: true, error: null };
  const listeners = new Set<() => void>();

  function update(action: InboxAction) {
    state = inboxReducer(state, action);
    for (const listener of listeners) listener();
  }

  async function load(page: number) {
    update({ type: 'loading' });
    try {
      update({ type: 'page', page: await calls.conversations(filters, page) });
    } catch (error) {
      update({ type: 'failed', message: error instanceof Error ? error.message : 'Could not load.' });
    }
  }

  function loadMore() {
    const { pages, loading } = state;
    if (!pages || loading || !hasNextPage(pages.meta)) return;
    void load(pages.meta.current_page + 1);
  }

  /** Shown at once; put back, with a toast, if the server refuses. */
  async function setStar(conversation: Conversation, on: boolean) {
    update({ type: 'changed', conversation: { ...conversation, star: on } });
    try {
      const answer = await calls.setStar(conversation.uuid, on);
      // The answer is the conversation without its includes: take only the star from it.
      if (answer?.data)
        update({ type: 'changed', conversation: { ...conversation, star: answer.data.star } });
    } catch {
      update({ type: 'changed', conversation });
      bus.emit('shell:toast', { type: 'error', message: 'The star could not be saved. Please try again.' });
    }
  }

  /** Page 1 now, and again on a message for me anywhere, a reconnect or the tab showing again. */
  function start(): () => void {
    const refresh = () => void load(1);
    const stops = [
      bus.on('notifications:new', (event) => {
        if (event.action_type === 'MESSAGE_RECEIVED') refresh();
      }),
      tab.onShown(refresh),
    ];
    if (realtime) stops.push(realtime.onReconnect(refresh));
    refresh();
    return () => {
      for (const stop of stops) stop();
    };
  }

  return {
    start,
    loadMore,
    setStar,
    retry: () => void load(state.pages ? state.pages.meta.current_page : 1),
    removed: (uuid: string) => update({ type: 'removed', uuid }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => state,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
