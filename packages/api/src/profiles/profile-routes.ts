import { myProfileResponseSchema, profileCardSchema, publicProfileResponseSchema } from '@ukd/contracts/api';
import { z } from 'zod';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { photosOf } from '../photos/photo-resource';
import { profileCompletion, refreshProfileComplete } from './completion';
import { memberImage } from './member-lookup';
import { browseProfiles, browseSpec } from './profile-browse';
import { myProfile, profileCard, publicProfile, type ResourceContext } from './profile-resource';
import {
  completeProfileBody,
  type ProfileUpdate,
  storedMember,
  updateProfile,
  updateProfileBody,
} from './profile-update';
import { viewProfile } from './profile-view';

const profilePage = z.object({
  data: z.array(profileCardSchema),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    /** More members match than `total` (which is then a round number, "500+"): browse counts
     * only so far (`countCapOf`). */
    total_capped: z.boolean(),
  }),
});

const uuidParams = z.object({ uuid: z.string().max(64) });

/** Browsing members, another member's profile, and the member's own profile (member scope). */
export function profileRoutes(app: ApiApp, ctx: AppContext): void {
  const rc = async (): Promise<ResourceContext> => ({
    apiUrl: ctx.options.apiUrl,
    urls: ctx.photoUrls,
    online: await ctx.realtime.online.members(),
  });

  async function ownProfile(userId: number) {
    const [user, all] = await Promise.all([storedMember(ctx.db, userId), photosOf(ctx.db, userId)]);
    const completion = profileCompletion(user, all.filter((p) => p.status !== 'rejected').length);
    return { data: myProfile(user, all, completion, await rc()) };
  }

  async function saveProfile(member: Member, input: ProfileUpdate) {
    await updateProfile(ctx.db, member.user, input);
    await refreshProfileComplete(ctx.db, member.user.id);
    return ownProfile(member.user.id);
  }

  app.get(
    '/profiles',
    {
      schema: {
        summary:
          'Browse and search members (/dashboard): filter[gender|age_min|age_max|region|city|username|online|with_photo], sort (-created_at, -last_active_at), include=approved_primary, page, limit',
        tags: ['profiles'],
        response: { 200: profilePage, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(request.query, browseSpec);
      const context = await rc();
      const online = context.online ?? new Set<string>();
      const { rows, total, capped } = await browseProfiles(ctx.db, member.user, query, online);
      const includePrimary = query.include.includes('approved_primary');
      return {
        data: rows.map((r) => profileCard(r.user, r.photo ?? undefined, context, { includePrimary })),
        // While more match, the pager offers the page after this one at least.
        meta: { ...pageMeta(total, query), total_capped: capped },
      };
    },
  );

  app.get(
    '/profiles/:uuid',
    {
      schema: {
        summary:
          "Another member's public profile (never email or date of birth); records a visit (once per 6 hours) and notifies PROFILE_VIEW. 404 when unknown, deactivated or blocked either way",
        tags: ['profiles'],
        params: uuidParams,
        response: { 200: publicProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      // Neither an impersonating operator nor a deactivated (hidden) member leaves a visit.
      const view = await viewProfile(ctx.db, member.user, request.params.uuid, {
        leavesVisit: !member.impersonated && !member.user.deactivatedAt,
      });
      if (view.visited) {
        await ctx.notifications.memberAction(
          view.member,
          'PROFILE_VIEW',
          member.user,
          await memberImage(ctx, member.user),
        );
      }
      return { data: publicProfile(view.member, view.photos, view.relation, await rc()) };
    },
  );

  app.get(
    '/my-profile',
    {
      schema: {
        summary: "The current member's own profile, with every photo, preferences and completion",
        tags: ['profiles'],
        response: { 200: myProfileResponseSchema },
      },
    },
    async (request) => ownProfile(currentMember(request).user.id),
  );

  app.put(
    '/my-profile',
    {
      schema: {
        summary: 'Update the own profile (only the fields sent); preferences are merged key by key',
        tags: ['profiles'],
        body: updateProfileBody,
        response: { 200: myProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => saveProfile(currentMember(request), request.body),
  );

  app.post(
    '/profile/complete',
    {
      schema: {
        summary:
          'The completion flow after registration: headline, about, looking_for and region required; answers the own profile with what is still missing (e.g. a photo)',
        tags: ['profiles'],
        body: completeProfileBody,
        response: { 200: myProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => saveProfile(currentMember(request), request.body),
  );
}
