import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites, users } from './schema';

// Tables of the support area (issue 14), kept apart from schema.ts so the work merges cleanly.

/**
 * A help request or contact message. `reference` (`FL-7K3Q9D`) is what the visitor quotes and the
 * member's address for it; reading it still needs the member who filed it (`user_id`; visitors'
 * tickets are answered by email only). The attachment is the photo pipeline's re-encoded JPEG.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['request', 'contact'] }).notNull(),
    topic: text('topic').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    message: text('message').notNull(),
    attachment: jsonb('attachment').$type<{ file: string; width: number; height: number }>(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.createdAt),
    index('support_tickets_status_idx').on(t.status, t.createdAt),
  ],
);

export type SupportTicketRow = typeof supportTickets.$inferSelect;
