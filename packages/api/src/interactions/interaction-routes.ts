import {
  blockedMemberListSchema,
  favoriteListSchema,
  type InteractionKind,
  REPORT_REASONS,
  relationResponseSchema,
  reportResponseSchema,
  visitorListSchema,
} from '@ukd/contracts/api';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  blocks,
  memberInteractions,
  photos,
  profileVisits,
  reports,
  userNotifications,
  users,
} from '../db/schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError, fieldError } from '../http/api-error';
import { type ListQuerySpec, pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { body, clearableText, oneOf } from '../http/rules';
import type { MemberActionType } from '../notifications/notification-writer';
import { approvedPrimaries } from '../photos/photo-resource';
import { memberImage, siteMember, visibleMember } from '../profiles/member-lookup';
import { profileCard, type ResourceContext } from '../profiles/profile-resource';
import { relationOf } from '../profiles/relations';
import { visibleTo } from '../profiles/visibility';

const NOTIFY: Record<InteractionKind, MemberActionType> = {
  like: 'USER_LIKE',
  favorite: 'USER_FAVORITE',
  wink: 'PROFILE_WINK',
};

const uuidParams = z.object({ uuid: z.string().max(64) });

const memberListSpec: ListQuerySpec<never, never> = {
  includes: ['approved_primary'],
  defaultLimit: 24,
  maxLimit: 60,
};

const favoriteListSpec: ListQuerySpec<'type', never> = {
  includes: ['approved_primary'],
  filters: { type: (raw) => (raw === 'mine' || raw === 'received' ? raw : undefined) },
  defaultLimit: 24,
  maxLimit: 60,
};

const reportBody = body({
  reason: oneOf('reason', REPORT_REASONS),
  details: clearableText('details', { max: 2000 }),
  photo_id: z.string({ error: 'The photo id must be a string.' }).max(64).optional(),
});

/** Reports one member may file in 24 hours (more is likely abuse of the moderation queue). */
const REPORTS_PER_DAY = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const blockListSpec: ListQuerySpec<never, never> = { defaultLimit: 24, maxLimit: 100 };

export function interactionRoutes(app: ApiApp, ctx: AppContext): void {
  const rc = (): ResourceContext => ({ apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls });

  for (const kind of ['like', 'favorite', 'wink'] as const) {
    const path = `/profiles/:uuid/${kind}`;
    app.put(
      path,
      {
        schema: {
          summary: `Set ${kind} on another member (idempotent; notifies ${NOTIFY[kind]} the first time)`,
          tags: ['interactions'],
          params: uuidParams,
          response: { 200: relationResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const member = currentMember(request);
        // A deactivated member is hidden from everyone, so they cannot reach out either.
        if (member.user.deactivatedAt) throw new ApiError(403, 'Your account is deactivated.');
        const target = await visibleMember(ctx, member.user, request.params.uuid);
        const inserted = await ctx.db
          .insert(memberInteractions)
          .values({ userId: member.user.id, targetId: target.id, kind })
          .onConflictDoNothing()
          .returning({ kind: memberInteractions.kind });
        if (inserted.length > 0) {
          await ctx.notifications.memberAction(
            target,
            NOTIFY[kind],
            member.user,
            await memberImage(ctx, member.user),
          );
        }
        return { data: await relationOf(ctx.db, member.user.id, target.id) };
      },
    );
    app.delete(
      path,
      {
        schema: {
          summary: `Clear ${kind} on another member (idempotent)`,
          tags: ['interactions'],
          params: uuidParams,
          response: { 200: relationResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const member = currentMember(request);
        const target = await visibleMember(ctx, member.user, request.params.uuid);
        await ctx.db
          .delete(memberInteractions)
          .where(
            and(
              eq(memberInteractions.userId, member.user.id),
              eq(memberInteractions.targetId, target.id),
              eq(memberInteractions.kind, kind),
            ),
          );
        return { data: await relationOf(ctx.db, member.user.id, target.id) };
      },
    );
  }

  app.put(
    '/profiles/:uuid/block',
    {
      schema: {
        summary:
          'Block a member: the two vanish from each other’s browse, visitors, favourites, profiles and bells',
        tags: ['interactions'],
        params: uuidParams,
        response: { 200: relationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const target = await siteMember(ctx, member.user, request.params.uuid);
      await ctx.db
        .insert(blocks)
        .values({ blockerId: member.user.id, blockedId: target.id })
        .onConflictDoNothing();
      // Their past views, likes, favourites and winks must not linger in either bell, pointing
      // at a profile that is now a 404.
      await ctx.db
        .delete(userNotifications)
        .where(
          or(
            and(eq(userNotifications.userId, member.user.id), eq(userNotifications.fromUserId, target.id)),
            and(eq(userNotifications.userId, target.id), eq(userNotifications.fromUserId, member.user.id)),
          ),
        );
      return { data: await relationOf(ctx.db, member.user.id, target.id) };
    },
  );

  app.delete(
    '/profiles/:uuid/block',
    {
      schema: {
        summary: 'Unblock a member',
        tags: ['interactions'],
        params: uuidParams,
        response: { 200: relationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const target = await siteMember(ctx, member.user, request.params.uuid);
      await ctx.db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, member.user.id), eq(blocks.blockedId, target.id)));
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
        const [photo] = UUID.test(input.photo_id)
          ? await ctx.db
              .select({ id: photos.id })
              .from(photos)
              .where(and(eq(photos.id, input.photo_id.toLowerCase()), eq(photos.userId, target.id)))
          : [];
        if (!photo) throw fieldError('photo_id', 'The selected photo id is invalid.');
        photoId = photo.id;
      }
      const [recent] = await ctx.db
        .select({ n: count() })
        .from(reports)
        .where(
          and(eq(reports.reporterId, member.user.id), sql`${reports.createdAt} > now() - interval '1 day'`),
        );
      if ((recent?.n ?? 0) >= REPORTS_PER_DAY) {
        const message = 'You have sent a lot of reports today. Please try again tomorrow.';
        throw new ApiError(429, message, { reason: [message] });
      }
      const [row] = await ctx.db
        .insert(reports)
        .values({
          reporterId: member.user.id,
          reportedId: target.id,
          photoId,
          reason: input.reason,
          details: input.details ?? null,
        })
        .returning({ id: reports.id });
      if (!row) throw new Error('report insert returned nothing');
      return reply
        .code(201)
        .send({ message: 'Thank you. Our moderators will review your report.', data: { id: row.id } });
    },
  );

  app.get(
    '/my-blocks',
    {
      schema: {
        summary: 'Members the current member has blocked, latest first (to unblock them)',
        tags: ['interactions'],
        response: { 200: blockedMemberListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(request.query, blockListSpec);
      const where = eq(blocks.blockerId, member.user.id);
      const [totalRow] = await ctx.db.select({ total: count() }).from(blocks).where(where);
      const rows = await ctx.db
        .select({ uuid: users.uuid, username: users.username, blockedAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(where)
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
        .limit(query.limit)
        .offset(query.offset);
      return {
        data: rows.map((r) => ({
          uuid: r.uuid,
          username: r.username,
          blocked_at: r.blockedAt.toISOString(),
        })),
        meta: pageMeta(totalRow?.total ?? 0, query),
      };
    },
  );

  app.get(
    '/my-visitors',
    {
      schema: {
        summary:
          'Members who viewed my profile, latest first; opening the first page resets new_visitors_count',
        tags: ['interactions'],
        response: { 200: visitorListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(request.query, memberListSpec);
      const seen = member.user.visitorsSeenAt ?? new Date(0);
      const where = and(eq(profileVisits.visitedId, member.user.id), visibleTo(member.user));
      const [totalRow] = await ctx.db
        .select({ total: count() })
        .from(profileVisits)
        .innerJoin(users, eq(users.id, profileVisits.visitorId))
        .where(where);
      const rows = await ctx.db
        .select({ user: users, visit: profileVisits })
        .from(profileVisits)
        .innerJoin(users, eq(users.id, profileVisits.visitorId))
        .where(where)
        .orderBy(desc(profileVisits.lastVisitedAt), desc(profileVisits.visitorId))
        .limit(query.limit)
        .offset(query.offset);
      if (query.page === 1) {
        await ctx.db.update(users).set({ visitorsSeenAt: sql`now()` }).where(eq(users.id, member.user.id));
      }
      const primaries = await approvedPrimaries(
        ctx.db,
        rows.map((r) => r.user.id),
      );
      const includePrimary = query.include.includes('approved_primary');
      return {
        data: rows.map(({ user, visit }) => ({
          profile: profileCard(user, primaries.get(user.id), rc(), { includePrimary }),
          visited_at: visit.lastVisitedAt.toISOString(),
          visits: visit.visits,
          is_new: visit.lastVisitedAt > seen,
        })),
        meta: pageMeta(totalRow?.total ?? 0, query),
      };
    },
  );

  app.get(
    '/my-favorites',
    {
      schema: {
        summary:
          'filter[type]=mine (default): members I favourited; filter[type]=received: members who favourited me (the first page resets unread_favorites_count)',
        tags: ['interactions'],
        response: { 200: favoriteListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(request.query, favoriteListSpec);
      const received = query.filter.type === 'received';
      const fav = alias(memberInteractions, 'fav');
      const me = received ? fav.targetId : fav.userId;
      const them = received ? fav.userId : fav.targetId;
      const where = and(eq(me, member.user.id), eq(fav.kind, 'favorite'), visibleTo(member.user));
      const seen = member.user.favoritesSeenAt ?? new Date(0);
      const [totalRow] = await ctx.db
        .select({ total: count() })
        .from(fav)
        .innerJoin(users, eq(users.id, them))
        .where(where);
      const rows = await ctx.db
        .select({ user: users, createdAt: fav.createdAt })
        .from(fav)
        .innerJoin(users, eq(users.id, them))
        .where(where)
        .orderBy(desc(fav.createdAt), desc(them))
        .limit(query.limit)
        .offset(query.offset);
      if (received && query.page === 1) {
        await ctx.db.update(users).set({ favoritesSeenAt: sql`now()` }).where(eq(users.id, member.user.id));
      }
      const primaries = await approvedPrimaries(
        ctx.db,
        rows.map((r) => r.user.id),
      );
      const includePrimary = query.include.includes('approved_primary');
      return {
        data: rows.map(({ user, createdAt }) => ({
          profile: profileCard(user, primaries.get(user.id), rc(), { includePrimary }),
          favorited_at: createdAt.toISOString(),
          is_new: received && createdAt > seen,
        })),
        meta: pageMeta(totalRow?.total ?? 0, query),
      };
    },
  );
}
