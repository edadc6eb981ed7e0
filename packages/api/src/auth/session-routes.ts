import { messageResponseSchema, pageMetaSchema, sessionSchema } from '@ukd/contracts/api';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { notFound } from '../http/api-error';
import { type ListQuerySpec, pageMeta, parseListQuery, pickFields } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { UUID } from '../http/uuid';
import { closeMemberSockets, closeSessionSockets } from '../realtime/session-sockets';
import { endSession, liveSessionPage, type SessionSort } from './session-queries';

const listSpec: ListQuerySpec<'device_id', SessionSort> = {
  filters: { device_id: (raw) => (raw.length <= 128 ? raw : undefined) },
  sorts: ['created_at', 'last_used_at'],
  defaultSort: [{ field: 'last_used_at', direction: 'desc' }],
  fields: ['device_id', 'ip', 'user_agent', 'current', 'created_at', 'last_used_at'],
  defaultLimit: 10,
  maxLimit: 100,
};

const sessionIdParams = z.object({
  // Anything that is not a uuid cannot name a session: 404, as for another member's session.
  session: z.string().max(64),
});

// `fields` may leave out anything but the id.
const sessionPage = z.object({
  data: z.array(sessionSchema.partial().required({ id: true })),
  meta: pageMetaSchema,
});

export function sessionRoutes(app: ApiApp, ctx: AppContext): void {
  app.get(
    '/sessions',
    {
      schema: {
        summary:
          "The current member's live sessions (devices); list query: filter[device_id], sort, fields, page, limit",
        tags: ['auth'],
        response: { 200: sessionPage, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(request.query, listSpec);
      const deviceId = query.filter.device_id === undefined ? undefined : String(query.filter.device_id);
      const { rows, total } = await liveSessionPage(ctx.db, member.user.id, deviceId, query);
      return {
        data: rows.map((row) =>
          pickFields(
            {
              id: row.id,
              device_id: row.deviceId,
              ip: row.ip,
              user_agent: row.userAgent,
              current: row.id === member.sessionId,
              created_at: row.createdAt.toISOString(),
              last_used_at: row.lastUsedAt.toISOString(),
            },
            query.fields,
            ['id'],
          ),
        ),
        meta: pageMeta(total, query),
      };
    },
  );

  app.delete(
    '/sessions',
    {
      schema: {
        summary: 'End every session of the current member except this one (e.g. after a password change)',
        tags: ['auth'],
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      await ctx.sessions.revokeAllForUser(member.user.id, 'ended-by-member', member.sessionId);
      await closeMemberSockets(ctx, member.user.id, { exceptSessionId: member.sessionId, log: request.log });
      return { message: 'All other sessions have been ended.' };
    },
  );

  app.delete(
    '/sessions/:session',
    {
      schema: {
        summary: 'End one of the current member’s sessions (another device); 404 for anyone else’s',
        tags: ['auth'],
        params: sessionIdParams,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const id = request.params.session;
      if (!UUID.test(id)) throw notFound();
      ctx.members.forgetSession(id);
      if (!(await endSession(ctx.db, member.user.id, id))) throw notFound();
      await closeSessionSockets(ctx, [id], request.log);
      return { message: 'The session has been ended.' };
    },
  );
}
