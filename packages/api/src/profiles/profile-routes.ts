import {
  BODY_TYPE_OPTIONS,
  EYE_COLOUR_OPTIONS,
  HAIR_COLOUR_OPTIONS,
  INTERESTS,
  myProfileResponseSchema,
  ONLINE_WINDOW_SECONDS,
  PROFILE_LIMITS,
  profileCardSchema,
  publicProfileResponseSchema,
  TATTOOS_PIERCINGS_OPTIONS,
  UK_REGIONS,
} from '@ukd/contracts/api';
import { and, count, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import { photos, type UserRow, users } from '../db/schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { type ListQuerySpec, pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import {
  body,
  clearableText,
  integerBetween,
  jsonObject,
  oneOf,
  optionKey,
  subsetOf,
  text,
} from '../http/rules';
import { approvedPrimaries, photosOf } from '../photos/photo-resource';
import { bornAfter, bornOnOrBefore } from './age';
import { profileCompletion, refreshProfileComplete } from './completion';
import { memberImage, visibleMember } from './member-lookup';
import { myProfile, profileCard, publicProfile, type ResourceContext } from './profile-resource';
import { regionForCity } from './regions';
import { relationOf } from './relations';
import { visibleTo } from './visibility';
import { recordVisit } from './visits';

const keys = (options: readonly { key: number }[]) => options.map((o) => o.key);

/** Fields of `PUT /api/my-profile`; all optional, only what is sent changes. */
const profileFields = {
  headline: clearableText('headline', PROFILE_LIMITS.headline),
  about: clearableText('about', PROFILE_LIMITS.about),
  looking_for: clearableText('looking_for', PROFILE_LIMITS.looking_for),
  city: text('city', {
    max: PROFILE_LIMITS.city.max,
    requiredMessage: 'Please fill in your city',
  }).optional(),
  region: oneOf('region', UK_REGIONS).nullable().optional(),
  height_cm: integerBetween('height_cm', PROFILE_LIMITS.height_cm.min, PROFILE_LIMITS.height_cm.max)
    .nullable()
    .optional(),
  body_type: optionKey('body_type', keys(BODY_TYPE_OPTIONS)).optional(),
  eye_colour: optionKey('eye_colour', keys(EYE_COLOUR_OPTIONS)).optional(),
  hair_colour: optionKey('hair_colour', keys(HAIR_COLOUR_OPTIONS)).optional(),
  tattoos_piercings: optionKey('tattoos_piercings', keys(TATTOOS_PIERCINGS_OPTIONS)).optional(),
  interests: subsetOf('interests', INTERESTS, PROFILE_LIMITS.interests.max).optional(),
  preferences: jsonObject('preferences').optional(),
};
const updateProfileBody = body(profileFields);
type ProfileUpdate = z.infer<typeof updateProfileBody>;

const completeProfileBody = body({
  ...profileFields,
  headline: text('headline', { max: PROFILE_LIMITS.headline.max }),
  about: text('about', { min: PROFILE_LIMITS.about.min, max: PROFILE_LIMITS.about.max }),
  looking_for: text('looking_for', { max: PROFILE_LIMITS.looking_for.max }),
  region: oneOf('region', UK_REGIONS),
});

const SORTS = ['created_at', 'last_active_at'] as const;
type ProfileFilter =
  | 'gender'
  | 'age_min'
  | 'age_max'
  | 'region'
  | 'city'
  | 'username'
  | 'online'
  | 'with_photo';

const flag = (raw: string) =>
  raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : undefined;
const age = (raw: string) => {
  if (!/^\d{1,3}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= PROFILE_LIMITS.age.min && n <= PROFILE_LIMITS.age.max ? n : undefined;
};

const browseSpec: ListQuerySpec<ProfileFilter, (typeof SORTS)[number]> = {
  includes: ['approved_primary'],
  filters: {
    gender: (raw) => (raw === 'male' || raw === 'female' ? raw : undefined),
    age_min: age,
    age_max: age,
    region: (raw) => ((UK_REGIONS as string[]).includes(raw) ? raw : undefined),
    city: (raw) => (raw.trim() && raw.length <= 100 && !raw.includes('\u0000') ? raw.trim() : undefined),
    username: (raw) => (/^[A-Za-z0-9_.-]{1,30}$/.test(raw) ? raw : undefined),
    online: flag,
    with_photo: flag,
  },
  sorts: SORTS,
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  defaultLimit: 24,
  maxLimit: 60,
};

const profilePage = z.object({
  data: z.array(profileCardSchema),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
  }),
});

const uuidParams = z.object({ uuid: z.string().max(64) });

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function browseConditions(filter: Partial<Record<ProfileFilter, unknown>>): (SQL | undefined)[] {
  const now = new Date();
  const out: (SQL | undefined)[] = [];
  if (filter.gender) out.push(eq(users.gender, filter.gender as 'male' | 'female'));
  if (typeof filter.age_min === 'number')
    out.push(lte(users.dateOfBirth, bornOnOrBefore(filter.age_min, now)));
  if (typeof filter.age_max === 'number') out.push(gt(users.dateOfBirth, bornAfter(filter.age_max, now)));
  if (typeof filter.region === 'string') out.push(eq(users.region, filter.region));
  if (typeof filter.city === 'string') out.push(sql`lower(${users.city}) = ${filter.city.toLowerCase()}`);
  if (typeof filter.username === 'string') {
    out.push(sql`lower(${users.username}) like ${`${likeEscape(filter.username.toLowerCase())}%`}`);
  }
  if (filter.online === true) {
    out.push(gt(users.lastActiveAt, new Date(now.getTime() - ONLINE_WINDOW_SECONDS * 1000)));
  }
  const withPhoto = sql`exists (select 1 from ${photos} where ${photos.userId} = ${users.id} and ${photos.status} = 'approved')`;
  if (filter.with_photo === true) out.push(withPhoto);
  if (filter.with_photo === false) out.push(sql`not ${withPhoto}`);
  return out;
}

/** Builds the columns to store from a validated update (undefined = leave as is). */
function profileColumns(input: ProfileUpdate, user: UserRow): Partial<typeof users.$inferInsert> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.headline !== undefined) set.headline = input.headline;
  if (input.about !== undefined) set.about = input.about;
  if (input.looking_for !== undefined) set.lookingFor = input.looking_for;
  if (input.city !== undefined) {
    set.city = input.city;
    // A new city without a region given: take the city's region when we know it.
    if (input.region === undefined && input.city !== user.city) {
      const region = regionForCity(input.city);
      if (region) set.region = region;
    }
  }
  if (input.region !== undefined) set.region = input.region;
  if (input.height_cm !== undefined) set.heightCm = input.height_cm;
  if (input.body_type !== undefined) set.bodyType = input.body_type;
  if (input.eye_colour !== undefined) set.eyeColour = input.eye_colour;
  if (input.hair_colour !== undefined) set.hairColour = input.hair_colour;
  if (input.tattoos_piercings !== undefined) set.tattoosPiercings = input.tattoos_piercings;
  if (input.interests !== undefined) set.interests = input.interests;
  return set;
}

/**
 * SPEC §3: `preferences` is merged on update, key by key; a key sent as null is removed.
 * The merged object must stay under PROFILE_LIMITS.preferences_bytes.
 */
function mergedPreferences(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(merged)) > PROFILE_LIMITS.preferences_bytes) {
    throw fieldError(
      'preferences',
      `The preferences may not be greater than ${PROFILE_LIMITS.preferences_bytes} bytes.`,
    );
  }
  return merged;
}

export function profileRoutes(app: ApiApp, ctx: AppContext): void {
  const rc = (): ResourceContext => ({ apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls });

  async function ownProfile(userId: number) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error('member vanished');
    const all = await photosOf(ctx.db, user.id, { approvedOnly: false });
    const completion = profileCompletion(user, all.filter((p) => p.status !== 'rejected').length);
    return { data: myProfile(user, all, completion, rc()) };
  }

  async function saveProfile(member: Member, input: ProfileUpdate) {
    const set = profileColumns(input, member.user);
    if (input.preferences) {
      set.preferences = mergedPreferences(member.user.preferences, input.preferences);
    }
    if (Object.keys(set).length) {
      await ctx.db
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(users.id, member.user.id));
    }
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
      const where = and(visibleTo(member.user), ...browseConditions(query.filter));
      const order = query.sort.map((s) => {
        const col = s.field === 'created_at' ? users.createdAt : users.lastActiveAt;
        return s.direction === 'desc' ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
      });
      const [totalRow] = await ctx.db.select({ total: count() }).from(users).where(where);
      const rows = await ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...order, sql`${users.id} desc`)
        .limit(query.limit)
        .offset(query.offset);
      const primaries = await approvedPrimaries(
        ctx.db,
        rows.map((r) => r.id),
      );
      const includePrimary = query.include.includes('approved_primary');
      return {
        data: rows.map((row) => profileCard(row, primaries.get(row.id), rc(), { includePrimary })),
        meta: pageMeta(totalRow?.total ?? 0, query),
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
      const target = await visibleMember(ctx, member.user, request.params.uuid, { allowSelf: true });
      const self = target.id === member.user.id;
      const [approved, relation] = await Promise.all([
        photosOf(ctx.db, target.id, { approvedOnly: true }),
        self
          ? { liked: false, favorited: false, winked: false, blocked: false }
          : relationOf(ctx.db, member.user.id, target.id),
      ]);
      // Neither an impersonating operator nor a deactivated (hidden) member leaves a visit.
      const leavesVisit = !self && !member.impersonated && !member.user.deactivatedAt;
      if (leavesVisit && (await recordVisit(ctx.db, member.user.id, target.id))) {
        await ctx.notifications.memberAction(
          target,
          'PROFILE_VIEW',
          member.user,
          await memberImage(ctx, member.user),
        );
      }
      return { data: publicProfile(target, approved, relation, rc()) };
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
