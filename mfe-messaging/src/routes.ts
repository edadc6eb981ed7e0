import { memberPlaces } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import { startConversationCall, startListCalls } from './messaging-calls';

/** A route is listed here only once its page exists. Every page loads on its own. */
export const routes: RemoteRoute[] = [
  {
    path: '/messages',
    title: memberPlaces.messages.label,
    access: 'member',
    layout: 'default',
    page: () => import('./pages/conversations/conversations-page'),
    data: ({ search, shell }) => startListCalls(shell, new URLSearchParams(search)),
  },
  {
    path: '/messages/:id',
    title: 'Conversation',
    access: 'member',
    layout: 'chat',
    name: 'messages-id',
    // SPEC §2: the conversation screen hides the member header bar.
    hideHeaderBar: true,
    page: () => import('./pages/conversation/conversation-page'),
    data: ({ params, shell }) => {
      if (params.id) startConversationCall(shell, params.id);
    },
  },
  {
    path: '/message/:conversationUuid',
    title: 'Conversation',
    access: 'member',
    layout: 'chat',
    hideHeaderBar: true,
    page: () => import('./pages/message-redirect'),
  },
];
