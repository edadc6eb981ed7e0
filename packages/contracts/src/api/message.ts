import { z } from 'zod';
import { messageTypeSchema } from './credits';

/** The re-encoded image of an image message (JPEG without metadata); signed URLs usable in `<img>`. */
export const messageImageSchema = z.object({
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MessageImage = z.infer<typeof messageImageSchema>;

/**
 * Resource `messages` (SPEC §3). `id` is the server id: it increases within a conversation in
 * the order messages were stored (catch up with `?after={last id seen}`, dedupe by id).
 * `from_id` / `to_id` / `viewer_id` are member ids (the conversation's `initiator` / `recipient`
 * carry them as `id`); derive `fromMe = from_id === viewer_id`, `forMe = to_id === viewer_id`,
 * `read = read_at !== null`. `body` is plain text: render it as text, never as HTML.
 * In the realtime event `viewer_id` is null (the payload is the same for both members).
 */
export const messageSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  client_msg_id: z.string(),
  conversation_id: z.number().int(),
  conversation_uuid: z.string(),
  from_id: z.number().int(),
  to_id: z.number().int(),
  viewer_id: z.number().int().nullable(),
  type: messageTypeSchema,
  /** Text and trigger messages: the text; winks and images: null. */
  body: z.string().nullable(),
  /** Image messages only. */
  image: messageImageSchema.nullable(),
  /** Credits the sender paid (0 with the unlimited pass); only shown to the sender, 0 for the recipient. */
  price: z.number().int(),
  created_at: z.string(),
  /** Set when the recipient read it; unread while null. */
  read_at: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * `POST /api/user-conversations/{uuid}/messages` (bearer), JSON:
 * `{ client_msg_id: uuid (client generated, one per message, reused on retries), type: 'text' | 'wink' | 'trigger', body? }`.
 * `body` is required for text and trigger (trimmed, 1–2000 characters), ignored for winks.
 * Image messages: `multipart/form-data` with fields `client_msg_id` and the file in `image`.
 *
 * Answers: 201 `{ data: Message }` when stored; 200 `{ data: Message }` with the original
 * message when this `client_msg_id` was already stored (a retry: no second debit, no
 * duplicate); 402 not enough credits (see `INSUFFICIENT_CREDITS_MESSAGE`); 403 when either
 * member blocked the other (`MESSAGE_BLOCKED_MESSAGE`); 404 for a conversation that is not the
 * member's; 422 bad input (field messages); 429 too many messages
 * (`Too many messages. Please try again in N seconds.` + `Retry-After`).
 * Send `X-Socket-ID` (the sender's realtime socket) so the sender's own socket is skipped.
 */
export const sendMessageRequestSchema = z.object({
  client_msg_id: z.string().uuid(),
  type: z.enum(['text', 'wink', 'trigger']),
  body: z.string().optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const MESSAGE_BLOCKED_MESSAGE = 'You cannot send messages to this member.';
export const CLIENT_MSG_ID_REUSED_MESSAGE = 'The client msg id has already been used for another message.';

/** `meta.credits`: the sender's balance after this send (to update the shown balance at once). */
export const sentMessageResponseSchema = z.object({
  data: messageSchema,
  meta: z.object({ credits: z.number().int() }).optional(),
});
export type SentMessageResponse = z.infer<typeof sentMessageResponseSchema>;

/**
 * `GET /api/user-conversations/{uuid}/messages` (bearer), oldest first in `data`:
 * - `?after={id}`: messages with a greater id (catch-up after a reconnect or a hidden tab), up to `limit`;
 *   `meta.has_more` says another call with the last id is needed.
 * - `?before={id}`: the `limit` messages just before that id (paging back through history);
 *   `meta.has_more` says older ones exist.
 * - neither: the latest `limit` messages.
 * `limit` default 50, at most 100. Messages deleted for the member (conversation deleted for
 * them) are not listed.
 */
export const messageListSchema = z.object({
  data: z.array(messageSchema),
  meta: z.object({ has_more: z.boolean() }),
});
export type MessageList = z.infer<typeof messageListSchema>;

/**
 * `POST /api/user-conversations/{uuid}/read` (bearer), body `{ up_to_id? }`: sets `read_at` on the
 * messages received in this conversation with id ≤ `up_to_id` (all of them when absent).
 * Answer `{ data: { updated, read_at, unread_messages_count } }` (the member's unread total afterwards).
 */
export const markReadRequestSchema = z.object({ up_to_id: z.number().int().optional() });
export const markReadResponseSchema = z.object({
  data: z.object({
    updated: z.number().int(),
    read_at: z.string(),
    unread_messages_count: z.number().int(),
  }),
});
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

export const messagesReadEventSchema = z.object({
  conversation_uuid: z.string(),
  reader_id: z.number().int(),
  up_to_id: z.number().int(),
  read_at: z.string(),
});
export type MessagesReadEvent = z.infer<typeof messagesReadEventSchema>;

/** `client-typing` whisper payload. */
export const typingEventSchema = z.object({ user_uuid: z.string(), typing: z.boolean() });
export type TypingEvent = z.infer<typeof typingEventSchema>;
