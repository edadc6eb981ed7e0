import { z } from 'zod';
import { pageOf } from './envelope';
import { REPORT_REASONS } from './options';
import { profileCardSchema, profileRelationSchema } from './profile';

export * from './options';

/**
 * Likes, favourites and winks are idempotent toggles on another member (by uuid):
 * `PUT /api/profiles/{uuid}/like|favorite|wink` sets, `DELETE` clears; repeating either changes
 * nothing and notifies nobody twice. Each answers the viewer's relation to that member.
 * Block: `PUT|DELETE /api/profiles/{uuid}/block` (same answer). Unknown, deactivated or
 * blocking members, and the viewer themself: 404.
 */
export const INTERACTION_KINDS = ['like', 'favorite', 'wink'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const relationResponseSchema = z.object({ data: profileRelationSchema });
export type RelationResponse = z.infer<typeof relationResponseSchema>;

/**
 * `GET /api/my-visitors` (list query: `include=approved_primary`, `page`, `limit` ≤ 60, default 24):
 * members who viewed the current member's profile, latest first. `is_new` marks visits since the
 * list was last opened; opening the first page resets `new_visitors_count` to 0.
 */
export const visitorSchema = z.object({
  profile: profileCardSchema,
  /** ISO time of the latest recorded visit. */
  visited_at: z.string(),
  /** Visits recorded from this member (at most one per 6 hours). */
  visits: z.number().int(),
  is_new: z.boolean(),
});
export type Visitor = z.infer<typeof visitorSchema>;
export const visitorListSchema = pageOf(visitorSchema);

/**
 * `GET /api/my-favorites`: `filter[type]=mine` (default: members I favourited) or
 * `filter[type]=received` (members who favourited me; opening its first page resets
 * `unread_favorites_count`). Same list query as visitors.
 */
export const FAVORITE_LIST_TYPES = ['mine', 'received'] as const;
export const favoriteSchema = z.object({
  profile: profileCardSchema,
  favorited_at: z.string(),
  /** Received favourites only: not yet seen. */
  is_new: z.boolean(),
});
export type Favorite = z.infer<typeof favoriteSchema>;
export const favoriteListSchema = pageOf(favoriteSchema);

/** `GET /api/my-blocks`: members the current member blocked (to unblock them). */
export const blockedMemberSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  blocked_at: z.string(),
});
export const blockedMemberListSchema = pageOf(blockedMemberSchema);

/**
 * `POST /api/profiles/{uuid}/report`: `reason` from `REPORT_REASONS`, optional `details`
 * (≤ 2000 characters), optional `photo_id` (one of that member's photos). 201 `{ message, data: { id } }`.
 */
export const reportRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string().optional(),
  photo_id: z.string().optional(),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;
export const reportResponseSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});
