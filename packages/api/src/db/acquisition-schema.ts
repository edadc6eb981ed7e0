import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites, users } from './schema';

// Tables of acquisition (issue #14: tracking and affiliates), kept apart from schema.ts.

/**
 * Where a member came from, written once at registration (SPEC §3 tracking values). One row per
 * member; members from before it was recorded have none and count as `empty`.
 */
export const memberAcquisition = pgTable(
  'member_acquisition',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    s1: text('s1').notNull().default('empty'),
    s2: text('s2').notNull().default('empty'),
    s3: text('s3').notNull().default('empty'),
    s4: text('s4').notNull().default('empty'),
    s5: text('s5').notNull().default('empty'),
    gclid: text('gclid'),
    trackingId: text('tracking_id'),
    landing: integer('landing').notNull().default(1),
    /** The affiliate credited: `aff` from the link, or else its `tracking_id`. */
    affiliate: text('affiliate'),
    /** The path the visitor first landed on, e.g. `/landers/casual-dating` or `/`. */
    landingPath: text('landing_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_acquisition_site_created_idx').on(t.siteId, t.createdAt),
    index('member_acquisition_affiliate_idx').on(t.siteId, t.affiliate),
  ],
);

/** A partner's application to the affiliate programme, reviewed by an operator. */
export const affiliateApplications = pgTable(
  'affiliate_applications',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Quoted to the applicant (`AFF-…`); random, so it tells nothing about other applications. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    // Stored lower-cased: one pending application per address.
    email: text('email').notNull(),
    website: text('website').notNull(),
    channel: text('channel').notNull(),
    message: text('message').notNull(),
    /** The affiliate code issued on approval (`?aff=CODE`), unique across the programme. */
    code: text('code').unique(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('affiliate_applications_pending_email')
      .on(t.siteId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index('affiliate_applications_status_idx').on(t.status, t.createdAt),
  ],
);
