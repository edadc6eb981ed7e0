import {
  type InteractionKind,
  REPORT_REASONS,
  relationResponseSchema,
  reportResponseSchema,
} from '@ukd/contracts/api';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { body, clearableText, oneOf } from '../http/rules';
import { UUID } from '../http/uuid';
import { fileReport, REPORT_FILED } from '../moderation/file-report';
import type { MemberActionType } from '../notifications/notification-writer';
import { memberImage, siteMember } from '../profiles/member-lookup';
import { relationOf } from '../profiles/relations';
import { block, changeInteraction, photoOf, unblock } from './interaction-queries';

const NOTIFY: Record<InteractionKind, MemberActionType> = {
  like: 'USER_LIKE',
  favorite: 'USER_FAVORITE',
  wink: 'PROFILE_WINK',
};

const uuidParams = z.object({ uuid: z.string().max(64) });
const relationRoute = {
  tags: ['interactions'],
  params: uuidParams,
  response: { 200: relationResponseSchema, ...errorResponses },
};

const reportBody = body({
  reason: oneOf('reason', REPORT_REASONS),
  details: clearableText('details', { max: 2000 }),
  photo_id: z.string({ error: 'The photo id must be a string.' }).max(64).optional(),
});

/** What one member does to another: like, favourite, wink, block, report (member scope). */
export function interactionRoutes(app: ApiApp, ctx: AppContext): void {
  for (const kind of ['like', 'favorite', 'wink'] as const) {
    const path = `/profiles/:uuid/${kind}`;
    app.put(
      path,
      {
        config: { reachesOut: true },
        schema: {
          ...relationRoute,
          summary: `Set ${kind} on another member (idempotent; notifies ${NOTIFY[kind]} the first time)`,
        },
      },
      async (request) => {
        const member = currentMember(request);
        const change = await changeInteraction(ctx.db, member.user, request.params.uuid, kind, 'put');
        if (change.notify) {
          await ctx.notifications.memberAction(
            change.notify,
            NOTIFY[kind],
            member.user,
            await memberImage(ctx, member.user),
          );
        }
        return { data: change.relation };
      },
    );
    app.delete(
      path,
      { schema: { ...relationRoute, summary: `Clear ${kind} on another member (idempotent)` } },
      async (request) => {
        const member = currentMember(request);
        return {
          data: (await changeInteraction(ctx.db, member.user, request.params.uuid, kind, 'delete')).relation,
        };
      },
    );
  }

  app.put(
    '/profiles/:uuid/block',
    {
      schema: {
        ...relationRoute,
        summary:
          'Block a member: the two vanish from each other’s browse, visitors, favourites, profiles and bells',
      },
    },
    async (request) => {
      const member = currentMember(request);
      const target = await siteMember(ctx, member.user, request.params.uuid);
      await block(ctx.db, member.user.id, target.id);
      return { data: await relationOf(ctx.db, member.user.id, target.id) };
    },
  );

  app.delete(
    '/profiles/:uuid/block',
    { schema: { ...relationRoute, summary: 'Unblock a member' } },
    async (request) => {
      const member = currentMember(request);
      const target = await siteMember(ctx, member.user, request.params.uuid);
      await unblock(ctx.db, member.user.id, target.id);
      return { data: await relationOf(ctx.db, member.user.id, target.id) };
    },
  );

  app.post(
    '/profiles/:uuid/report',
    {
      schema: {
        summary:
          'Report a member or one of their photos to the moderators: reason from REPORT_REASONS, optional details and photo_id',
        tags: ['interactions'],
        params: uuidParams,
        body: reportBody,
        response: { 201: reportResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const target = await siteMember(ctx, member.user, request.params.uuid);
      const input = request.body;
      let photoId: string | null = null;
      if (input.photo_id !== undefined) {
        photoId = UUID.test(input.photo_id) ? await photoOf(ctx.db, target.id, input.photo_id) : null;
        if (!photoId) throw fieldError('photo_id', 'The selected photo id is invalid.');
      }
      const id = await fileReport(ctx, member, {
        reportedId: target.id,
        photoId,
        messageId: null,
        reason: input.reason,
        details: input.details ?? null,
      });
      return reply.code(201).send({ message: REPORT_FILED, data: { id } });
    },
  );
}
