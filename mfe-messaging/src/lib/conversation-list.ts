import type { Conversation, ConversationList } from '@ukd/contracts/api';

/**
 * SPEC §4, "Conversation list": pages merged by id; an updated conversation moves to the end;
 * sorted unique by id, star then `updated_at` descending; a message notification adds or
 * replaces by uuid.
 *
 * About "star ascending": `star` is a boolean in the API, which pages starred conversations
 * first. A client order that disagreed with the server's paging would slot every next page in
 * above the starred ones, so the rank compared "ascending" is the star's place in the list:
 * starred (0) before the rest (1). `STARRED_FIRST` is the one switch if the product says otherwise.
 */
export const STARRED_FIRST = true;

function starRank(conversation: Pick<Conversation, 'star'>): number {
  return conversation.star === STARRED_FIRST ? 0 : 1;
}

/** Star ascending, then `updated_at` descending; id descending breaks ties as the API does. */
export function compareConversations(a: Conversation, b: Conversation): number {
  return starRank(a) - starRank(b) || Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id;
}

/**
 * Merges `incoming` into `current`: each incoming conversation replaces the one with the same id
 * or uuid and moves to the end before sorting (so among equals the newest copy wins); the result
 * is unique by id and sorted.
 */
export function mergeConversations(
  current: readonly Conversation[],
  incoming: readonly Conversation[],
): Conversation[] {
  const incomingIds = new Set(incoming.map((c) => c.id));
  const incomingUuids = new Set(incoming.map((c) => c.uuid));
  const kept = current.filter((c) => !incomingIds.has(c.id) && !incomingUuids.has(c.uuid));
  const byId = new Map<number, Conversation>();
  for (const conversation of [...kept, ...incoming]) {
    byId.delete(conversation.id);
    byId.set(conversation.id, conversation);
  }
  return [...byId.values()].sort(compareConversations);
}

/** Removal (deleted for me): takes it out of the list. */
export function removeConversation(current: readonly Conversation[], uuid: string): Conversation[] {
  return current.filter((c) => c.uuid !== uuid);
}

/** SPEC §4: more pages load while `current_page < last_page`. */
export function hasNextPage(meta: Pick<ConversationList['meta'], 'current_page' | 'last_page'>): boolean {
  return meta.current_page < meta.last_page;
}

/**
 * SPEC §4: a conversation is unread until its last message has `read_at`. Only a message for
 * the viewer can be unread for them (the contract): my own last message waiting to be read by
 * my chatmate does not make the conversation unread for me.
 */
export function isUnread(conversation: Pick<Conversation, 'last_message' | 'viewer_id'>): boolean {
  const last = conversation.last_message;
  return Boolean(last && last.read_at === null && last.to_id === conversation.viewer_id);
}

/** The list kept across pages: merged conversations and the paging of the furthest page loaded. */
export interface ConversationPages {
  data: Conversation[];
  meta: ConversationList['meta'];
}

/**
 * A page arriving: page 1 merges into what is there (a refresh after a live message adds or
 * replaces by uuid) without forgetting how far the member has scrolled; a later page extends it.
 */
export function mergePage(current: ConversationPages | undefined, page: ConversationList): ConversationPages {
  if (!current) return { data: mergeConversations([], page.data), meta: page.meta };
  return {
    data: mergeConversations(current.data, page.data),
    meta: {
      ...page.meta,
      current_page: Math.max(current.meta.current_page, page.meta.current_page),
      last_page: page.meta.last_page,
    },
  };
}
