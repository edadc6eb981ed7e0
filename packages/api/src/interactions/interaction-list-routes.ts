import { blockedMemberListSchema, favoriteListSchema, visitorListSchema } from '@ukd/contracts/api';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { isoTime } from '../http/iso-time';
import { type ListQuerySpec, pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { profileCard, type ResourceContext } from '../profiles/profile-resource';
import { blockedPage, favoritePage, visitorPage } from './interaction-queries';

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

const blockListSpec: ListQuerySpec<never, never> = { defaultLimit: 24, maxLimit: 100 };

/** The member's own lists of interactions: whom they blocked, who visited, favourites (member scope). */
export function interactionListRoutes(app: ApiApp, ctx: AppContext): void {
  const rc = async (): Promise<ResourceContext> => ({
    apiUrl: ctx.options.apiUrl,
    urls: ctx.photoUrls,
    online: await ctx.realtime.online.members(),
  });

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
      const page = await blockedPage(ctx.db, member.user.id, query);
      return {
        data: page.rows.map((r) => ({
          uuid: r.uuid,
          username: r.username,
          blocked_at: r.blockedAt.toISOString(),
        })),
        meta: pageMeta(page.total, query),
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
      const page = await visitorPage(ctx.db, member.user, query, query.page === 1);
      if (page.marked) ctx.members.forgetMember(member.user.id);
      const includePrimary = query.include.includes('approved_primary');
      const context = await rc();
      return {
        data: page.rows.map(({ user, photo, at, visits }) => ({
          profile: profileCard(user, photo, context, { includePrimary }),
          visited_at: isoTime(at),
          visits,
          is_new: at > seen,
        })),
        meta: pageMeta(page.total, query),
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
      const seen = member.user.favoritesSeenAt ?? new Date(0);
      const page = await favoritePage(ctx.db, member.user, received, query, received && query.page === 1);
      if (page.marked) ctx.members.forgetMember(member.user.id);
      const includePrimary = query.include.includes('approved_primary');
      const context = await rc();
      return {
        data: page.rows.map(({ user, photo, at }) => ({
          profile: profileCard(user, photo, context, { includePrimary }),
          favorited_at: isoTime(at),
          is_new: received && at > seen,
        })),
        meta: pageMeta(page.total, query),
      };
    },
  );
}
