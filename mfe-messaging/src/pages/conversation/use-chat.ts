import type { ShellContext } from '@ukd/contracts';
import type { Conversation } from '@ukd/contracts/api';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { createChatSession } from '../../lib/chat-session';
import { messagingCalls } from '../../messaging-api';

/**
 * One conversation for the page: the chat session (`lib/chat-session.ts`) read through
 * `useSyncExternalStore`, live while the page is mounted.
 */
export function useChat(shell: ShellContext, conversation: Conversation) {
  const dispatch = useDispatch();
  const { uuid, viewer_id: viewerId } = conversation;
  const chatmateId = conversation.chatmate.id;
  const session = useMemo(
    () =>
      createChatSession({
        calls: messagingCalls(shell),
        realtime: shell.realtime,
        uuid,
        viewerId,
        chatmateId,
        dispatch,
      }),
    [shell, uuid, viewerId, chatmateId, dispatch],
  );
  useEffect(() => session.start(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.current);
  return {
    ...state,
    viewerId,
    send: session.send,
    retry: session.retry,
    loadOlder: session.loadOlder,
    catchUp: session.catchUp,
  };
}
