import { z } from 'zod';
import { pageMetaSchema } from './envelope';
import { messageSchema } from './message';
import { profileCardSchema } from './profile';

/** Default and maximum `limit` of `GET /api/user-conversations` (SPEC §9: page size 10). */
export const CONVERSATION_PAGE_SIZE = 10;
export const CONVERSATION_MAX_PAGE_SIZE = 50;

/**
 * A participant as a conversation shows them: the profile card plus the member id that
 * `initiator_id`, `from_id`, `to_id` and `viewer_id` refer to. `approved_primary` (the full
 * approved primary photo or null) is present with `include=initiator.approved_primary` /
 * `recipient.approved_primary`.
 */
export const conversationMemberSchema = profileCardSchema.extend({ id: z.number().int() });
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

/**
 * Resource `user-conversations` (SPEC §3). `viewer` is the member asking; `chatmate` is the
 * other party: the recipient when the viewer is the initiator, otherwise the initiator.
 * `star` is the viewer's own star (each participant stars for themself). `last_message` is
 * present with `include=last_message` (null while there is none). `unread_count`: messages
 * for the viewer not yet read. A conversation is unread until its last message has `read_at`
 * (SPEC §4; only messages for the viewer can be unread for them).
 */
export const conversationSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  star: z.boolean(),
  initiator_id: z.number().int(),
  recipient_id: z.number().int(),
  viewer_id: z.number().int(),
  initiator: conversationMemberSchema,
  recipient: conversationMemberSchema,
  viewer: conversationMemberSchema,
  chatmate: conversationMemberSchema,
  last_message: messageSchema.nullable().optional(),
  unread_count: z.number().int(),
  created_at: z.string(),
  /** Time of the last message (or creation); the list sorts by it. */
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * `GET /api/user-conversations` (bearer). Query: `page` (default 1), `limit` (default 10, ≤ 50),
 * `include=recipient.approved_primary,initiator.approved_primary,last_message`,
 * `star=1` (only starred; `filter[star]=1|0` too), `filter[username]` (chatmate's username,
 * case-insensitive prefix), `filter[only_read]=1`, `filter[only_unread]=1` (unread: the last
 * message is for the viewer and has no `read_at`). Sorted starred first, then `updated_at`
 * descending, then id descending. Conversations the viewer deleted stay out until a new message
 * arrives; conversations with a member either side blocked are not listed.
 * `meta.starred_conversations`: how many of the viewer's listed conversations are starred
 * (regardless of filters).
 */
export const conversationListMetaSchema = pageMetaSchema.extend({ starred_conversations: z.number().int() });
export const conversationListSchema = z.object({
  data: z.array(conversationSchema),
  meta: conversationListMetaSchema,
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * One conversation:
 * - `GET /api/user-conversations/{uuid}` (same `include` as the list; photos always included).
 * - `PUT /api/user-conversations/{uuid}/star` / `DELETE …/star`: star / unstar for the viewer.
 * - `DELETE /api/user-conversations/{uuid}`: deletes it for the viewer only (its messages so far
 *   are hidden for them and marked read); it comes back when a new message arrives.
 * A conversation the member is not part of, or a malformed uuid: 404 `{ message: 'Not found.' }`.
 */
export const conversationResponseSchema = z.object({ data: conversationSchema });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/**
 * `POST /api/user-conversations` (bearer) `{ recipient_uuid }`: the conversation between the
 * two members, created when there is none (201) or the existing one (200). An unknown,
 * deactivated or blocked member, or oneself: 422 on `recipient_uuid`.
 */
export const startConversationRequestSchema = z.object({ recipient_uuid: z.string() });
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;
