import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGETS, SUPPORT_TOPICS } from './options';

/**
 * `POST /api/support-tickets` (visitors and members; JSON, or multipart with the file
 * `attachment`): `captcha` is the provider's token. A member's ticket is linked to them.
 */
export const ticketRequestSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS),
  email: z.string(),
  name: z.string().optional(),
  message: z.string(),
  /** `request` (the help request form) or `contact` (the contact page). */
  source: z.enum(['request', 'contact']).optional(),
  captcha: z.string(),
});
export type TicketRequest = z.infer<typeof ticketRequestSchema>;

export const ticketSchema = z.object({
  /** Human-friendly and hard to guess, e.g. `FL-7K3Q9D`; also the ticket's address. */
  reference: z.string(),
  topic: z.enum(SUPPORT_TOPICS),
  source: z.enum(['request', 'contact']),
  email: z.string(),
  message: z.string(),
  has_attachment: z.boolean(),
  status: z.enum(['open', 'answered', 'closed']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketResponseSchema = z.object({ message: z.string().optional(), data: ticketSchema });
export const ticketListResponseSchema = z.object({ data: z.array(ticketSchema) });

/**
 * `POST /api/reports` (members): a profile (`profile_uuid`), one of its photos (`profile_uuid`
 * and `photo_id`) or a message from a conversation the member is in (`message_uuid`).
 */
export const abuseReportRequestSchema = z.object({
  target: z.enum(REPORT_TARGETS),
  profile_uuid: z.string().optional(),
  photo_id: z.string().optional(),
  message_uuid: z.string().optional(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable().optional(),
});
export type AbuseReportRequest = z.infer<typeof abuseReportRequestSchema>;
