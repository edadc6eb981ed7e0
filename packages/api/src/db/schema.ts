import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A table's `created_at`, set by the database when the row is stored. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One row per white-label site served by this API; requests name theirs in the `Site-key` header. */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Operator-controlled switches per site (maintenance, seasonal event, feature flags). */
export const settings = pgTable(
  'settings',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    // Stored lower-cased so uniqueness and look-ups are case-insensitive.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    city: text('city').notNull(),
    credits: integer('credits').notNull().default(0),
    /** Counts changes of `credits` (a trigger, migration 0010): which of two balances is newer. */
    creditsVersion: integer('credits_version').notNull().default(0),
    unliMessageUntil: timestamp('unli_message_until', { withTimezone: true }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    emailUnsubscribedAt: timestamp('email_unsubscribed_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    profileComplete: boolean('profile_complete').notNull().default(false),
    choice: text('choice'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    hasAccountDeletionPromo: boolean('has_account_deletion_promo').notNull().default(false),
    // Dating profile (issue 4). Option fields hold the SPEC §3 keys; 1 is Unknown.
    headline: text('headline'),
    about: text('about'),
    lookingFor: text('looking_for'),
    region: text('region'),
    heightCm: integer('height_cm'),
    bodyType: smallint('body_type').notNull().default(1),
    eyeColour: smallint('eye_colour').notNull().default(1),
    hairColour: smallint('hair_colour').notNull().default(1),
    tattoosPiercings: smallint('tattoos_piercings').notNull().default(1),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    /** A sample member of the demo data (`npm start`'s defaults): labelled wherever it appears. */
    demo: boolean('demo').notNull().default(false),
    /** Last authenticated request (written at most once a minute): "online now" and sorting. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** When the member last opened their visitors / received-favourites list (new = later). */
    visitorsSeenAt: timestamp('visitors_seen_at', { withTimezone: true }),
    favoritesSeenAt: timestamp('favorites_seen_at', { withTimezone: true }),
    /** A requested email change, applied when the link mailed to this address is followed. */
    pendingEmail: text('pending_email'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Browse's two orders (profiles/profile-browse.ts), newest and recently active, each read
    // in index order among the members others may see: a page of 24 reads about 24 entries, not
    // every member of the site sorted (100 ms a page with 88,000 members). Gender, birth date and
    // region follow the order (which the unique id already settles), so the usual search filters
    // are checked in the index: counting a search's matches read every member's row it passed
    // (a woman of 25 to 35 with a photo, on a site of 50,000: 6,648 rows for 501 matches).
    const browseOrder = (name: string, key: typeof t.createdAt | typeof t.lastActiveAt) =>
      index(name)
        .on(t.siteId, key.desc().nullsLast(), t.id.desc().nullsFirst(), t.gender, t.dateOfBirth, t.region)
        .where(sql`${t.deactivatedAt} is null`);
    return [
      uniqueIndex('users_site_email_unique').on(t.siteId, t.email),
      uniqueIndex('users_site_username_unique').on(t.siteId, sql`lower(${t.username})`),
      // Browse's narrow filters (a region, a town, a name's first letters) find their members
      // here, rather than walking the whole site in date order until enough match: on a site of
      // 50,000 a region search took 12 ms, a name 19 ms (issue 16). A region's members are kept
      // newest first with gender and birth date beside them, as in the orders' indexes.
      index('users_browse_region_idx')
        .on(
          t.siteId,
          t.region,
          t.createdAt.desc().nullsLast(),
          t.id.desc().nullsFirst(),
          t.gender,
          t.dateOfBirth,
        )
        .where(sql`${t.deactivatedAt} is null`),
      index('users_browse_city_idx')
        .on(t.siteId, sql`lower(${t.city})`)
        .where(sql`${t.deactivatedAt} is null`),
      index('users_browse_username_idx')
        .on(t.siteId, sql`lower(${t.username}) text_pattern_ops`)
        .where(sql`${t.deactivatedAt} is null`),
      index('users_site_created_idx').on(t.siteId, t.createdAt),
      browseOrder('users_browse_newest_idx', t.createdAt),
      browseOrder('users_browse_active_idx', t.lastActiveAt),
      // The few deactivated members: "is this member deactivated?" over thousands of rows is a
      // lookup in this index, not a read of every member (messaging/conversations.ts).
      index('users_deactivated_idx').on(t.id).where(sql`${t.deactivatedAt} is not null`),
    ];
  },
);

/** A login on one device: the refresh-token family. Revoking it ends every token issued under it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    impersonated: boolean('impersonated').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed-login counters (per account and per IP) shared by every API process through the database. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Hashed one-time tokens that travel in links (confirmation, password reset, payment return). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', {
      enum: ['confirm-email', 'change-email', 'reset-password', 'payment-login'],
    }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Ids of signed one-time tokens (impersonation, payment login) already exchanged. */
export const usedSignedTokens = pgTable('used_signed_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's photo: re-encoded files under `${dataDir}/uploads` with server-made names. Only
 * approved photos are shown to others; one photo per member may be primary.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<32 hex>.jpg`; the thumbnail is `<32 hex>-thumb.jpg`. */
    file: text('file').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('photos_user_idx').on(t.userId),
    // "Has an approved photo" (browse's with_photo, the shown photo) from the index alone.
    index('photos_approved_user_idx').on(t.userId).where(sql`${t.status} = 'approved'`),
    uniqueIndex('photos_one_primary').on(t.userId).where(sql`${t.isPrimary}`),
    index('photos_status_idx').on(t.status, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
