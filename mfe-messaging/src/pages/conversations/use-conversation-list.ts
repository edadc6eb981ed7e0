import { useShell } from '@ukd/ui';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { hasNextPage } from '../../lib/conversation-list';
import { createInbox } from '../../lib/inbox';
import { type ConversationFilters, messagingCalls } from '../../messaging-api';

/**
 * The member's conversations under the given filters (`lib/inbox.ts`), read through
 * `useSyncExternalStore`; new filters start a new inbox from page 1.
 */
export function useConversationList(filters: ConversationFilters) {
  const shell = useShell();
  if (!shell) throw new Error('useConversationList needs the shell context');
  const inbox = useMemo(
    () => createInbox({ calls: messagingCalls(shell), filters, bus: shell.bus, realtime: shell.realtime }),
    [shell, filters],
  );
  useEffect(() => inbox.start(), [inbox]);
  const { pages, loading, error } = useSyncExternalStore(inbox.subscribe, inbox.current);
  return {
    conversations: pages?.data ?? [],
    meta: pages?.meta,
    loading,
    error,
    hasMore: pages ? hasNextPage(pages.meta) : false,
    loadMore: inbox.loadMore,
    retry: inbox.retry,
    setStar: inbox.setStar,
    removed: inbox.removed,
  };
}
