import type { Message } from '@ukd/contracts/api';
import type { ConversationRow, MessageRow } from '../db/messaging-schema';
import { isoTime } from '../http/iso-time';
import { thumbnailName } from '../photos/photo-store';
import type { PhotoUrls } from '../photos/photo-urls';

/**
 * Image messages are served by `GET /api/message-images/{file}` with a signed, expiring URL
 * (the photo store's signature): only the two participants are ever given one.
 */
export function messageImageUrl(urls: PhotoUrls, apiUrl: string, file: string): string {
  const signed = urls.url(file, { signed: true });
  const photosBase = `${apiUrl}/photos/`;
  return `${apiUrl}/message-images/${signed.slice(photosBase.length)}`;
}

/** The Message resource as `viewerId` sees it (null: the realtime payload shared by both). */
export function messageResource(
  row: MessageRow,
  conversation: Pick<ConversationRow, 'uuid'>,
  viewerId: number | null,
  img: { urls: PhotoUrls; apiUrl: string },
): Message {
  return {
    id: row.id,
    uuid: row.uuid,
    client_msg_id: row.clientMsgId,
    conversation_id: row.conversationId,
    conversation_uuid: conversation.uuid,
    from_id: row.fromId,
    to_id: row.toId,
    viewer_id: viewerId,
    type: row.type,
    body: row.body,
    image: row.image
      ? {
          url: messageImageUrl(img.urls, img.apiUrl, row.image.file),
          thumbnail_url: messageImageUrl(img.urls, img.apiUrl, thumbnailName(row.image.file)),
          width: row.image.width,
          height: row.image.height,
        }
      : null,
    price: viewerId === row.fromId ? row.price : 0,
    created_at: isoTime(row.createdAt),
    read_at: row.readAt ? isoTime(row.readAt) : null,
  };
}
