import { REPORT_REASONS, REPORT_TARGETS, reportResponseSchema } from '@ukd/contracts/api';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError, notFound } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { body, clearableText, messages, oneOf } from '../http/rules';
import { UUID } from '../http/uuid';
import { photoOf } from '../interactions/interaction-queries';
import { siteMember } from '../profiles/member-lookup';
import { fileReport, messageToReport, REPORT_FILED } from './file-report';

const id = (field: string) =>
  z
    .string({ error: messages.string(field) })
    .max(64, { error: messages.max(field, 64) })
    .optional();

const abuseReportBody = body({
  target: oneOf('target', REPORT_TARGETS),
  profile_uuid: id('profile_uuid'),
  photo_id: id('photo_id'),
  message_uuid: id('message_uuid'),
  reason: oneOf('reason', REPORT_REASONS),
  details: clearableText('details', { max: 2000 }),
});

/** The report-abuse page's one endpoint (member scope): a profile, one of its photos, or a message sent to you. */
export function reportRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/reports',
    {
      schema: {
        summary:
          'Report abuse to the moderators: a profile (profile_uuid), one of its photos (profile_uuid and photo_id) or a message someone sent you (message_uuid, text or image); 30 reports a day',
        tags: ['moderation'],
        body: abuseReportBody,
        response: { 201: reportResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const input = request.body;
      let reportedId: number;
      let photoId: string | null = null;
      let messageId: number | null = null;
      if (input.target === 'message') {
        if (!input.message_uuid) throw fieldError('message_uuid', messages.required('message'));
        const message = await messageToReport(ctx, member.user.id, input.message_uuid);
        if (!message) throw notFound();
        reportedId = message.fromId;
        messageId = message.id;
      } else {
        if (!input.profile_uuid) throw fieldError('profile_uuid', messages.required('profile'));
        const target = await siteMember(ctx, member.user, input.profile_uuid);
        reportedId = target.id;
        if (input.target === 'photo') {
          if (!input.photo_id) throw fieldError('photo_id', messages.required('photo'));
          photoId = UUID.test(input.photo_id) ? await photoOf(ctx.db, target.id, input.photo_id) : null;
          if (!photoId) throw fieldError('photo_id', 'The selected photo id is invalid.');
        }
      }
      const id = await fileReport(ctx, member, {
        reportedId,
        photoId,
        messageId,
        reason: input.reason,
        details: input.details ?? null,
      });
      return reply.code(201).send({ message: REPORT_FILED, data: { id } });
    },
  );
}
