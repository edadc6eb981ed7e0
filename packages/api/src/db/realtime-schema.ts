import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites, users } from './schema';

// Tables of the realtime and notifications issue (kept apart from schema.ts to avoid clashes).

/** "Don't notify me about this member": a muted sender creates no notifications for the muter. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedUserId: integer('muted_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mutedUserId] })],
);

export const TRACKING_EVENT_TYPES = ['click', 'site_popup', 'ab_test', 'push_click'] as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];

/**
 * Analytics events from the member chrome (click tracking, popups, A/B test, push clicks), one
 * row each; `data` holds the validated payload. Deleted with the member (UK GDPR erasure).
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: TRACKING_EVENT_TYPES }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_events_user_idx').on(t.userId, t.type, t.createdAt),
    index('tracking_events_type_idx').on(t.type, t.createdAt),
  ],
);

export type TrackingEventRow = typeof trackingEvents.$inferSelect;
