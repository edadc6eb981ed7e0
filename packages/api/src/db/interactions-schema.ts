import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, photos, users } from './schema';

// What members do to one another and what it raises: profile visits, likes, favourites and
// winks, blocks, reports for moderation, and the notifications (kept apart from schema.ts, which
// holds sites, members, their sessions and photos).

/** Who viewed whom: one row per viewer and profile; a visit is counted at most once per window. */
export const profileVisits = pgTable(
  'profile_visits',
  {
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedId: integer('visited_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visits: integer('visits').notNull().default(1),
    firstVisitedAt: timestamp('first_visited_at', { withTimezone: true }).notNull().defaultNow(),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitorId, t.visitedId] }),
    index('profile_visits_visited_idx').on(t.visitedId, t.lastVisitedAt),
  ],
);

/** Likes, favourites and winks from one member to another (a set: at most one of each kind). */
export const memberInteractions = pgTable(
  'member_interactions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'favorite', 'wink'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetId, t.kind] }),
    index('member_interactions_target_idx').on(t.targetId, t.kind, t.createdAt),
  ],
);

/** A block hides the two members from each other everywhere. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** A member's report of a profile or one of its photos, for the moderation queue. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /**
     * A reported message (text or image) of the reported member to the reporter. No foreign key:
     * `messages` is declared in messaging-schema.ts, which imports this file; a message goes only
     * with its conversation, when a participant's account is deleted, and `reported_id`'s cascade
     * then removes the report anyway.
     */
    messageId: bigint('message_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt)],
);

/** SPEC §3 user-notifications: `data` holds the action type and who it came from. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_notifications_user_idx').on(t.userId, t.id)],
);

export type NotificationRow = typeof userNotifications.$inferSelect;
