import type { Message } from '@ukd/contracts/api';
import {
  addPending,
  applyRead,
  type ChatMessage,
  mergeMessages,
  removePending,
  updatePending,
} from './message-list';

/** One conversation as the page shows it: the rows, the read marks heard, the paging state. */
export interface ChatState {
  messages: ChatMessage[];
  /** The newest read mark heard per reader: applied again to messages stored after it came. */
  readMarks: Record<number, { upToId: number; readAt: string }>;
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadError: string | null;
}

export type ChatAction =
  | { type: 'merged'; messages: Message[] }
  | { type: 'loaded'; messages: Message[]; hasOlder: boolean }
  | { type: 'older'; messages: Message[]; hasOlder: boolean }
  | { type: 'loadingOlder' }
  | { type: 'loadFailed'; message: string }
  | { type: 'pending'; item: ChatMessage }
  | { type: 'pendingChanged'; clientMsgId: string; change: Partial<Pick<ChatMessage, 'status' | 'error'>> }
  | { type: 'pendingRemoved'; clientMsgId: string }
  | { type: 'read'; readerId: number; upToId: number; readAt: string };

export const initialChatState: ChatState = {
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

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
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
