import type { Ticket } from '@ukd/contracts/api';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type SupportTicketRow, supportTickets } from '../db/support-schema';
import { newReference, REFERENCE_FORMAT } from './ticket-references';

export type NewTicket = Omit<
  typeof supportTickets.$inferInsert,
  'id' | 'reference' | 'status' | 'createdAt' | 'updatedAt'
>;

/** Stores a ticket under a fresh reference; a clash (one in a billion) simply draws again. */
export async function insertTicket(db: Db, ticket: NewTicket): Promise<SupportTicketRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(supportTickets)
      .values({ ...ticket, reference: newReference() })
      .onConflictDoNothing({ target: supportTickets.reference })
      .returning();
    if (row) return row;
  }
  throw new Error('no free ticket reference after 5 draws');
}

/** A member's own tickets, newest first. */
export function ticketsOf(db: Db, userId: number): Promise<SupportTicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(100);
}

/** One of the member's own tickets by reference (any case); someone else's is null like an unknown one. */
export async function ownTicket(db: Db, userId: number, reference: string): Promise<SupportTicketRow | null> {
  const normalised = reference.toUpperCase();
  if (!REFERENCE_FORMAT.test(normalised)) return null;
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.reference, normalised), eq(supportTickets.userId, userId)));
  return row ?? null;
}

export function ticketResource(row: SupportTicketRow): Ticket {
  return {
    reference: row.reference,
    topic: row.topic as Ticket['topic'],
    source: row.source,
    email: row.email,
    message: row.message,
    has_attachment: row.attachment !== null,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Tickets waiting for an answer, oldest first (for the operator CLI). */
export function openTickets(db: Db, limit = 100): Promise<SupportTicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.status, 'open'))
    .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id))
    .limit(limit);
}

/** An operator's answer: the member sees the new status on their requests page. */
export async function setTicketStatus(
  db: Db,
  reference: string,
  status: SupportTicketRow['status'],
): Promise<boolean> {
  const normalised = reference.toUpperCase();
  if (!REFERENCE_FORMAT.test(normalised)) return false;
  const rows = await db
    .update(supportTickets)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(supportTickets.reference, normalised))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}
