import {
  BODY_TYPE_OPTIONS,
  EYE_COLOUR_OPTIONS,
  HAIR_COLOUR_OPTIONS,
  INTERESTS,
  PROFILE_LIMITS,
  TATTOOS_PIERCINGS_OPTIONS,
  UK_REGIONS,
} from '@ukd/contracts/api';
import { customMessages } from '@ukd/validation/messages';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { param, preparedPer } from '../db/prepared-statement';
import { type UserRow, users } from '../db/schema';
import { fieldError } from '../http/api-error';
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
import { regionForCity } from './regions';

const keys = (options: readonly { key: number }[]) => options.map((o) => o.key);

/** Fields of `PUT /api/my-profile`; all optional, only what is sent changes. */
const profileFields = {
  headline: clearableText('headline', PROFILE_LIMITS.headline),
  about: clearableText('about', PROFILE_LIMITS.about),
  looking_for: clearableText('looking_for', PROFILE_LIMITS.looking_for),
  city: text('city', {
    max: PROFILE_LIMITS.city.max,
    requiredMessage: customMessages.cityRequired,
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
export const updateProfileBody = body(profileFields);
export type ProfileUpdate = z.infer<typeof updateProfileBody>;

export const completeProfileBody = body({
  ...profileFields,
  headline: text('headline', { max: PROFILE_LIMITS.headline.max }),
  about: text('about', { min: PROFILE_LIMITS.about.min, max: PROFILE_LIMITS.about.max }),
  looking_for: text('looking_for', { max: PROFILE_LIMITS.looking_for.max }),
  region: oneOf('region', UK_REGIONS),
});

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
      `The preferences may not be greater than ${PROFILE_LIMITS.preferences_bytes} bytes`,
    );
  }
  return merged;
}

/** Stores what the member changed (preferences merged key by key); nothing sent, nothing written. */
export async function updateProfile(db: Db, user: UserRow, input: ProfileUpdate): Promise<void> {
  const set = profileColumns(input, user);
  if (input.preferences) {
    set.preferences = mergedPreferences(user.preferences, input.preferences);
  }
  if (Object.keys(set).length) {
    await db
      .update(users)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
  }
}

const storedMemberQuery = preparedPer((db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, param<number>('member')))
    .prepare('stored_member'),
);

/** The member's row as stored now (after an update), for answering with the own profile. */
export async function storedMember(db: Db, userId: number): Promise<UserRow> {
  const [user] = await storedMemberQuery(db).execute({ member: userId });
  if (!user) throw new Error('member vanished');
  return user;
}
