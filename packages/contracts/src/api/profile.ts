import { z } from 'zod';
import { genderSchema } from './auth';
import { pageOf } from './envelope';
import { INTERESTS, PROFILE_COMPLETION_REQUIREMENTS, UK_REGIONS, type UkRegion } from './options';
import { photoSchema } from './photo';

export * from './options';

// ---------------------------------------------------------------------------------------------
// Option lists (SPEC §3, keys and labels word for word). The API stores and answers the key;
// the UI renders the label. `{ key, label }[]` keeps the order for <select> elements.
// ---------------------------------------------------------------------------------------------

export const ukRegionSchema = z.enum(UK_REGIONS);

export const interestSchema = z.enum(INTERESTS);

// ---------------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------------

/** The viewer's own interactions with a profile (answered on another member's profile). */
export const profileRelationSchema = z.object({
  liked: z.boolean(),
  favorited: z.boolean(),
  winked: z.boolean(),
  /** The viewer blocked this member (a blocked member's profile is otherwise 404). */
  blocked: z.boolean(),
});
export type ProfileRelation = z.infer<typeof profileRelationSchema>;

/**
 * A member as others see them in lists (browse, visitors, favourites): never email or date of
 * birth, just the age. `primary_photo.url` is the approved primary photo or the gender's default
 * avatar; `approved_primary` (with `include=approved_primary`) is the full photo or null.
 */
export const profileCardSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  gender: genderSchema,
  age: z.number().int(),
  city: z.string(),
  region: ukRegionSchema.nullable(),
  headline: z.string().nullable(),
  /** Connected now: in `presence-online`, the list the online count (`/onlines/count`) counts. */
  online: z.boolean(),
  /** A sample member of the demo data, shown with a "Demo" label. */
  demo: z.boolean(),
  /** ISO time, rounded down to the minute; null if never active. */
  last_active_at: z.string().nullable(),
  created_at: z.string(),
  primary_photo: z.object({ url: z.string(), thumbnail_url: z.string() }),
  approved_primary: photoSchema.nullable().optional(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

/** Another member's full public profile: `GET /api/profiles/{uuid}`. */
export const publicProfileSchema = profileCardSchema.extend({
  about: z.string().nullable(),
  looking_for: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  body_type: z.number().int(),
  eye_colour: z.number().int(),
  hair_colour: z.number().int(),
  tattoos_piercings: z.number().int(),
  interests: z.array(interestSchema),
  /** Approved photos, primary first. */
  photos: z.array(photoSchema),
  relation: profileRelationSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponseSchema = z.object({ data: publicProfileSchema });

export const profileCompletionSchema = z.object({
  complete: z.boolean(),
  missing: z.array(z.enum(PROFILE_COMPLETION_REQUIREMENTS)),
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;

/**
 * The member's own profile: `GET/PUT /api/my-profile`, `POST /api/profile/complete`. Adds what
 * only the owner sees: date of birth, preferences, completion, and every photo with its status.
 */
export const myProfileSchema = publicProfileSchema.omit({ relation: true }).extend({
  date_of_birth: z.string(),
  preferences: z.record(z.string(), z.unknown()),
  profile_complete: z.boolean(),
  completion: profileCompletionSchema,
});
export type MyProfile = z.infer<typeof myProfileSchema>;
export const myProfileResponseSchema = z.object({ data: myProfileSchema });

/**
 * `PUT /api/my-profile`: every field optional (only sent fields change); `null` clears a text or
 * height, option fields go back to 1 (Unknown) with `1`. `preferences` is merged key by key into
 * the stored object (a key set to null is removed). 422 messages follow SPEC §5, e.g.
 * city `Please fill in your city`, `The headline may not be greater than 80 characters.`
 */
export const updateMyProfileRequestSchema = z.object({
  headline: z.string().nullable().optional(),
  about: z.string().nullable().optional(),
  looking_for: z.string().nullable().optional(),
  city: z.string().optional(),
  region: ukRegionSchema.nullable().optional(),
  height_cm: z.number().int().nullable().optional(),
  body_type: z.number().int().optional(),
  eye_colour: z.number().int().optional(),
  hair_colour: z.number().int().optional(),
  tattoos_piercings: z.number().int().optional(),
  interests: z.array(interestSchema).optional(),
  preferences: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateMyProfileRequest = z.infer<typeof updateMyProfileRequestSchema>;

/**
 * `POST /api/profile/complete`: the short flow after registration. Same fields as the update,
 * but headline, about, looking_for and region are required. Answers the own profile; its
 * `completion.missing` may still say `photo` (upload with `POST /api/my-photos`).
 */
export const completeProfileRequestSchema = updateMyProfileRequestSchema.extend({
  headline: z.string(),
  about: z.string(),
  looking_for: z.string(),
  region: ukRegionSchema,
});
export type CompleteProfileRequest = z.infer<typeof completeProfileRequestSchema>;

/**
 * `GET /api/profiles` (browse / search, `/dashboard`). Query (all optional):
 * `filter[gender]=male|female`, `filter[age_min]`, `filter[age_max]` (18–99),
 * `filter[region]=<UK_REGIONS slug>`, `filter[city]` (case-insensitive exact), `filter[username]`
 * (prefix), `filter[online]=1`, `filter[with_photo]=1`; `sort=-created_at` (newest, default) or
 * `sort=-last_active_at`; `include=approved_primary`; `page`, `limit` (default 24, max 60).
 * Never lists the viewer, members either side has blocked, or deactivated members.
 */
export const profileListSchema = pageOf(profileCardSchema);
export type ProfileList = z.infer<typeof profileListSchema>;

export const PROFILE_SORTS = ['created_at', 'last_active_at'] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];

export interface ProfileSearchFilters {
  gender?: 'male' | 'female';
  age_min?: number;
  age_max?: number;
  region?: UkRegion;
  city?: string;
  username?: string;
  online?: boolean;
  with_photo?: boolean;
}

/** Builds the query string of `GET /api/profiles` from filters (the UI keeps them in the URL). */
export function profileSearchQuery(
  filters: ProfileSearchFilters,
  opts: { sort?: '-created_at' | '-last_active_at'; page?: number; limit?: number; include?: string } = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(`filter[${key}]`, value === true ? '1' : String(value));
  }
  if (opts.sort) params.set('sort', opts.sort);
  if (opts.include) params.set('include', opts.include);
  if (opts.page) params.set('page', String(opts.page));
  if (opts.limit) params.set('limit', String(opts.limit));
  return params.toString();
}
