import type { Conversation, ConversationList } from '@ukd/contracts/api';
import { useShell } from '@ukd/ui';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  type ConversationPages,
  hasNextPage,
  mergeConversations,
  mergePage,
  removeConversation,
} from '../../lib/conversation-list';
import { type ConversationFilters, messagingCalls } from '../../messaging-api';

interface ListState {
  pages: ConversationPages | undefined;
  loading: boolean;
  error: string | null;
}

type Action =
  | { type: 'reset' }
  | { type: 'loading' }
  | { type: 'page'; page: ConversationList }
  | { type: 'failed'; message: string }
  | { type: 'changed'; conversation: Conversation }
  | { type: 'removed'; uuid: string };

function reducer(state: ListState, action: Action): ListState {
  switch (action.type) {
    case 'reset':
      return { pages: undefined, loading: true, error: null };
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

/**
 * The member's conversations under the given filters, kept by SPEC §4's rules: pages merge by
 * id, the next page loads while `current_page < last_page`, and a live message (the shell's
 * `notifications:new`), a reconnect or coming back to the tab fetches page 1 again, which adds
 * or replaces by uuid.
 */
export function useConversationList(filters: ConversationFilters) {
  const shell = useShell();
  const calls = useMemo(() => (shell ? messagingCalls(shell) : null), [shell]);
  const [state, update] = useReducer(reducer, { pages: undefined, loading: true, error: null });
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);

  const load = useCallback(
    async (page: number) => {
      if (!calls) return;
      const mine = generation.current;
      update({ type: 'loading' });
      try {
        const answer = await calls.conversations(filters, page);
        if (mine === generation.current) update({ type: 'page', page: answer });
      } catch (error) {
        if (mine === generation.current) {
          update({ type: 'failed', message: error instanceof Error ? error.message : 'Could not load.' });
        }
      }
    },
    [calls, filters],
  );

  // New filters: start again from page 1.
  useEffect(() => {
    generation.current++;
    update({ type: 'reset' });
    void load(1);
  }, [load]);

  // Live: a message for me anywhere, a reconnect, or the tab showing again.
  useEffect(() => {
    if (!shell) return;
    const refresh = () => void load(1);
    const offBus = shell.bus.on('notifications:new', (event) => {
      if (event.action_type === 'MESSAGE_RECEIVED') refresh();
    });
    const offReconnect = shell.realtime?.onReconnect(refresh);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      offBus();
      offReconnect?.();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [shell, load]);

  const loadMore = useCallback(() => {
    const { pages, loading } = stateRef.current;
    if (!pages || loading || !hasNextPage(pages.meta)) return;
    void load(pages.meta.current_page + 1);
  }, [load]);

  const setStar = useCallback(
    async (conversation: Conversation, on: boolean) => {
      if (!calls) return;
      update({ type: 'changed', conversation: { ...conversation, star: on } });
      try {
        const answer = await calls.setStar(conversation.uuid, on);
        // The answer is the conversation without its includes: take only the star from it.
        if (answer?.data)
          update({ type: 'changed', conversation: { ...conversation, star: answer.data.star } });
      } catch {
        update({ type: 'changed', conversation });
        shell?.bus.emit('shell:toast', {
          type: 'error',
          message: 'The star could not be saved. Please try again.',
        });
      }
    },
    [calls, shell],
  );

  return {
    conversations: state.pages?.data ?? [],
    meta: state.pages?.meta,
    loading: state.loading,
    error: state.error,
    hasMore: state.pages ? hasNextPage(state.pages.meta) : false,
    loadMore,
    retry: () => void load(state.pages ? state.pages.meta.current_page : 1),
    setStar,
    removed: (uuid: string) => update({ type: 'removed', uuid }),
  };
}
