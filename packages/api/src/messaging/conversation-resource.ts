import type { Conversation, ConversationMember } from '@ukd/contracts/api';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { isoTime } from '../http/iso-time';
import type { ShownPhoto } from '../photos/photo-resource';
import { type CardUser, profileCard } from '../profiles/profile-resource';
import type { LoadedConversation } from './conversation-page';
import { deletedUptoOf } from './conversations';
import { messageResource } from './message-resource';

export interface ConversationIncludes {
  initiatorPhoto: boolean;
  recipientPhoto: boolean;
  lastMessage: boolean;
}

/** The Conversation resource of a loaded conversation, as the viewer sees it. */
export function conversationResource(
  ctx: AppContext,
  viewer: UserRow,
  loaded: LoadedConversation,
  include: ConversationIncludes,
  /** Uuids of the members online now (`ctx.realtime.online.members()`), for the badges. */
  online: ReadonlySet<string>,
  /** Cards already made for this answer: a list shows the viewer's in every conversation, and
   * the response encoder writes an object it meets again only once. */
  cards: Map<string, ConversationMember> = new Map(),
): Conversation {
  const urls = { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls };
  const rc = { ...urls, online };
  const member = (user: CardUser, photo: ShownPhoto | null, withPhoto: boolean): ConversationMember => {
    const key = `${user.id} ${photo?.id ?? '-'} ${withPhoto}`;
    let card = cards.get(key);
    if (!card) {
      card = { id: user.id, ...profileCard(user, photo ?? undefined, rc, { includePrimary: withPhoto }) };
      cards.set(key, card);
    }
    return card;
  };
  const { row } = loaded;
  const initiator = member(loaded.initiator, loaded.initiatorPhoto, include.initiatorPhoto);
  const recipient = member(loaded.recipient, loaded.recipientPhoto, include.recipientPhoto);
  const viewerIsInitiator = row.initiatorId === viewer.id;
  const resource: Conversation = {
    id: row.id,
    uuid: row.uuid,
    star: viewerIsInitiator ? row.initiatorStar : row.recipientStar,
    initiator_id: row.initiatorId,
    recipient_id: row.recipientId,
    viewer_id: viewer.id,
    initiator,
    recipient,
    viewer: viewerIsInitiator ? initiator : recipient,
    chatmate: viewerIsInitiator ? recipient : initiator,
    unread_count: loaded.unread,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
  };
  if (include.lastMessage) {
    const last = loaded.lastMessage;
    resource.last_message =
      last && last.id > deletedUptoOf(row, viewer.id) ? messageResource(last, row, viewer.id, urls) : null;
  }
  return resource;
}
