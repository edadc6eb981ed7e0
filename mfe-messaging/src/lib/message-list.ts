import type { Message, MessageImage, MessageType } from '@ukd/contracts/api';

/**
 * One row of a conversation: a stored message, or one of mine still on its way. The key is the
 * `client_msg_id`, so the row keeps its place and its DOM node when the server's copy replaces
 * the optimistic one.
 */
export interface ChatMessage {
  key: string;
  client_msg_id: string;
  /** The server id; null until the message is stored. */
  id: number | null;
  /** The stored message's public id (what a report names); absent until stored. */
  uuid?: string;
  from_id: number;
  to_id: number;
  type: MessageType;
  body: string | null;
  image: MessageImage | null;
  /** A picture of mine still uploading: a local object URL to show meanwhile. */
  localImageUrl?: string;
  price: number;
  created_at: string;
  read_at: string | null;
  status: 'sent' | 'sending' | 'failed';
  /** Why the last attempt failed (shown with Retry). */
  error?: string;
}

/** SPEC §3 derived fields of a message, for the member looking at it. */
export interface DerivedMessage {
  timestamp: number;
  read: boolean;
  fromMe: boolean;
  forMe: boolean;
}

export function derive(
  message: Pick<ChatMessage, 'created_at' | 'read_at' | 'from_id' | 'to_id'>,
  viewerId: number,
): DerivedMessage {
  return {
    timestamp: Date.parse(message.created_at),
    read: message.read_at !== null,
    fromMe: message.from_id === viewerId,
    forMe: message.to_id === viewerId,
  };
}

export function fromServer(message: Message): ChatMessage {
  return {
    key: message.client_msg_id,
    client_msg_id: message.client_msg_id,
    id: message.id,
    uuid: message.uuid,
    from_id: message.from_id,
    to_id: message.to_id,
    type: message.type,
    body: message.body,
    image: message.image,
    price: message.price,
    created_at: message.created_at,
    read_at: message.read_at,
    status: 'sent',
  };
}

/** Stored messages by id ascending (the server's order), then mine still on their way, in order sent. */
function ordered(items: ChatMessage[]): ChatMessage[] {
  const stored = items.filter((m) => m.id !== null).sort((a, b) => (a.id as number) - (b.id as number));
  const pending = items.filter((m) => m.id === null);
  return [...stored, ...pending];
}

/**
 * Stored messages arriving from anywhere (the first page, a catch-up, a live event, a send's
 * answer): each replaces the row with the same server id or the same `client_msg_id` (my
 * optimistic copy), or is added. Nothing is ever listed twice, whatever order they come in.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly Message[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const next = [...current];
  for (const message of incoming) {
    const index = next.findIndex((m) => m.id === message.id || m.client_msg_id === message.client_msg_id);
    const row = fromServer(message);
    if (index === -1) next.push(row);
    else {
      const previous = next[index] as ChatMessage;
      // Keep a read mark we already know of if this copy is older (a live event racing a read).
      next[index] = { ...row, key: previous.key, read_at: row.read_at ?? previous.read_at };
    }
  }
  return ordered(next);
}

/** My message, shown at once while it is sent. */
export function addPending(current: readonly ChatMessage[], pending: ChatMessage): ChatMessage[] {
  if (current.some((m) => m.client_msg_id === pending.client_msg_id)) return current as ChatMessage[];
  return [...current, pending];
}

export function updatePending(
  current: readonly ChatMessage[],
  clientMsgId: string,
  change: Partial<Pick<ChatMessage, 'status' | 'error'>>,
): ChatMessage[] {
  return current.map((m) => (m.client_msg_id === clientMsgId && m.id === null ? { ...m, ...change } : m));
}

export function removePending(current: readonly ChatMessage[], clientMsgId: string): ChatMessage[] {
  return current.filter((m) => !(m.client_msg_id === clientMsgId && m.id === null));
}

/** `message.read` / my own mark-read: messages to `readerId` up to `upToId` are read at `readAt`. */
export function applyRead(
  current: readonly ChatMessage[],
  readerId: number,
  upToId: number,
  readAt: string,
): ChatMessage[] {
  let changed = false;
  const next = current.map((m) => {
    if (m.id !== null && m.id <= upToId && m.to_id === readerId && m.read_at === null) {
      changed = true;
      return { ...m, read_at: readAt };
    }
    return m;
  });
  return changed ? next : (current as ChatMessage[]);
}

/** The oldest server id held: where paging back through history starts. */
export function firstServerId(current: readonly ChatMessage[]): number | null {
  let first: number | null = null;
  for (const m of current) if (m.id !== null && (first === null || m.id < first)) first = m.id;
  return first;
}

/** The newest message for me that is still unread: what "mark read when shown" reads up to. */
export function lastUnreadForMe(current: readonly ChatMessage[], viewerId: number): number | null {
  let last: number | null = null;
  for (const m of current) {
    if (m.id !== null && m.to_id === viewerId && m.read_at === null && (last === null || m.id > last))
      last = m.id;
  }
  return last;
}
