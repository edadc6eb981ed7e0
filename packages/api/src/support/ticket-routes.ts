import { SUPPORT_LIMITS, ticketListResponseSchema, ticketResponseSchema } from '@ukd/contracts/api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Member } from '../auth/member';
import { requireCaptcha } from '../captcha/captcha';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError, fieldError, notFound } from '../http/api-error';
import { authenticate, currentMember } from '../http/member-auth';
import { PhotoRejected, processPhoto } from '../photos/photo-processing';
import { readTicketInput } from './ticket-input';
import { ticketReceivedMail } from './ticket-mail';
import { insertTicket, ownTicket, ticketResource, ticketsOf } from './ticket-queries';

/** Help requests per client IP per hour, visitors and members alike: enough for a real problem, not for a flood. */
export const TICKETS_PER_HOUR = 6;
export const TICKETS_THROTTLED = 'You have sent several requests in a short time. Please try again later.';

/** The photo pipeline's messages, said of the attachment. */
const attachmentMessage = (message: string) => message.replace(/\bphoto\b/g, 'attachment');

/** A signed-in member when the request carries a token (a bad one is a 401, as anywhere); a visitor otherwise. */
async function optionalMember(ctx: AppContext, request: FastifyRequest): Promise<Member | null> {
  return request.headers.authorization ? authenticate(ctx, request) : null;
}

/** `POST /support-tickets`: the help request and contact forms (public). */
export function publicTicketRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/support-tickets',
    {
      schema: {
        summary:
          'Send a help request or contact message (visitors and members): JSON or multipart/form-data with topic, email, message, optional name, source and image `attachment` (≤ 5 MB, re-encoded), and `captcha`; answers the ticket with its reference and emails a confirmation',
        tags: ['support'],
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: ticketResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const member = await optionalMember(ctx, request);
      const { fields, attachment } = await readTicketInput(request);
      await ctx.limits.take(
        `support:ip:${request.ip}`,
        { maxAttempts: TICKETS_PER_HOUR, decaySeconds: 3600 },
        (seconds) =>
          new ApiError(
            429,
            TICKETS_THROTTLED,
            { message: [TICKETS_THROTTLED] },
            { 'retry-after': String(seconds) },
          ),
      );
      await requireCaptcha(ctx.captcha, fields.captcha, request.ip);

      let stored: { file: string; width: number; height: number } | null = null;
      if (attachment) {
        let processed: Awaited<ReturnType<typeof processPhoto>>;
        try {
          processed = await processPhoto(attachment);
        } catch (error) {
          if (error instanceof PhotoRejected)
            throw fieldError(SUPPORT_LIMITS.attachmentField, attachmentMessage(error.message));
          throw error;
        }
        const file = await ctx.photoStore.save(processed.image, processed.thumbnail);
        stored = { file, width: processed.width, height: processed.height };
      }
      const row = await insertTicket(ctx.db, {
        siteId: request.site.id,
        userId: member?.user.id ?? null,
        source: fields.source ?? 'request',
        topic: fields.topic,
        email: fields.email,
        name: fields.name ?? null,
        message: fields.message,
        attachment: stored,
      });
      const url = member
        ? `${ctx.options.siteUrl}/helpdesk/requests/${row.reference}`
        : `${ctx.options.siteUrl}/helpdesk`;
      try {
        await ctx.mailer.send(
          ticketReceivedMail({
            siteName: request.site.name,
            to: row.email,
            reference: row.reference,
            topic: row.topic,
            url,
            supportEmail: ctx.options.support.email,
          }),
        );
      } catch (err) {
        // The ticket is stored and its reference shown: a lost confirmation must not undo it.
        request.log.error({ err, reference: row.reference }, 'ticket confirmation mail failed');
      }
      return reply.code(201).send({
        message: `Thank you. Your reference is ${row.reference}. We have emailed you a confirmation.`,
        data: ticketResource(row),
      });
    },
  );
}

const referenceParams = z.object({ reference: z.string().max(32) });

/** A member's own tickets (member scope); anyone else's reference is a 404 like an unknown one. */
export function ticketRoutes(app: ApiApp, ctx: AppContext): void {
  app.get(
    '/support-tickets',
    {
      schema: {
        summary: "The member's own help requests and their status, newest first",
        tags: ['support'],
        response: { 200: ticketListResponseSchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      return { data: (await ticketsOf(ctx.db, member.user.id)).map(ticketResource) };
    },
  );

  app.get(
    '/support-tickets/:reference',
    {
      schema: {
        summary: "One of the member's own help requests by reference",
        tags: ['support'],
        params: referenceParams,
        response: { 200: ticketResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const row = await ownTicket(ctx.db, member.user.id, request.params.reference);
      if (!row) throw notFound();
      return { data: ticketResource(row) };
    },
  );
}
