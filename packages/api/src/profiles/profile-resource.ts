import {
  INTERESTS,
  type Interest,
  type MyProfile,
  type ProfileCard,
  type ProfileCompletion,
  type ProfileRelation,
  type PublicProfile,
  UK_REGIONS,
  type UkRegion,
} from '@ukd/contracts/api';
import type { PhotoRow, UserRow } from '../db/schema';
import { isoTime } from '../http/iso-time';
import { photoResource, type ShownPhoto } from '../photos/photo-resource';
import { thumbnailName } from '../photos/photo-store';
import type { PhotoUrls } from '../photos/photo-urls';
import { defaultAvatarUrl } from '../user-resource';
import { ageOn } from './age';

export interface ResourceContext {
  apiUrl: string;
  urls: PhotoUrls;
  now?: Date;
  /** Uuids of the members in `presence-online` (the online count's list); none when not given. */
  online?: ReadonlySet<string>;
}

const isRegion = (v: string | null): v is UkRegion => v !== null && (UK_REGIONS as string[]).includes(v);
const isInterest = (v: string): v is Interest => (INTERESTS as string[]).includes(v);

/** The picture shown for a member: the approved primary photo, or their generated portrait. */
export function primaryPhotoUrls(
  user: Pick<UserRow, 'gender' | 'uuid'>,
  primary: ShownPhoto | null | undefined,
  rc: ResourceContext,
): { url: string; thumbnail_url: string } {
  if (!primary) {
    const avatar = defaultAvatarUrl(rc.apiUrl, user.gender, user.uuid);
    return { url: avatar, thumbnail_url: avatar };
  }
  return {
    url: rc.urls.url(primary.file, { signed: false }),
    thumbnail_url: rc.urls.url(thumbnailName(primary.file), { signed: false }),
  };
}

/** The member fields a profile card shows: reads that only make cards load just these. */
export const CARD_FIELDS = [
  'id',
  'uuid',
  'username',
  'gender',
  'dateOfBirth',
  'city',
  'region',
  'headline',
  'lastActiveAt',
  'demo',
  'createdAt',
] as const satisfies readonly (keyof UserRow)[];
export type CardUser = Pick<UserRow, (typeof CARD_FIELDS)[number]>;

export function profileCard(
  user: CardUser,
  primary: ShownPhoto | null | undefined,
  rc: ResourceContext,
  opts: { includePrimary?: boolean } = {},
): ProfileCard {
  const now = rc.now ?? new Date();
  const lastActive = user.lastActiveAt;
  const card: ProfileCard = {
    uuid: user.uuid,
    username: user.username,
    gender: user.gender,
    age: ageOn(user.dateOfBirth, now),
    city: user.city,
    region: isRegion(user.region) ? user.region : null,
    headline: user.headline,
    online: rc.online?.has(user.uuid) ?? false,
    demo: user.demo,
    // Rounded down to the minute: enough for "active 5 minutes ago", less of a tracking signal.
    last_active_at: lastActive ? isoTime(new Date(Math.floor(lastActive.getTime() / 60_000) * 60_000)) : null,
    created_at: isoTime(user.createdAt),
    primary_photo: primaryPhotoUrls(user, primary, rc),
  };
  if (opts.includePrimary) card.approved_primary = primary ? photoResource(primary, rc.urls) : null;
  return card;
}

function details(user: UserRow) {
  return {
    about: user.about,
    looking_for: user.lookingFor,
    height_cm: user.heightCm,
    body_type: user.bodyType,
    eye_colour: user.eyeColour,
    hair_colour: user.hairColour,
    tattoos_piercings: user.tattoosPiercings,
    interests: user.interests.filter(isInterest),
  };
}

/** Another member's profile; `photos` must be their approved photos only. */
export function publicProfile(
  user: UserRow,
  approvedPhotos: PhotoRow[],
  relation: ProfileRelation,
  rc: ResourceContext,
): PublicProfile {
  const primary = approvedPhotos[0] ?? null;
  return {
    ...profileCard(user, primary, rc, { includePrimary: true }),
    ...details(user),
    photos: approvedPhotos.map((p) => photoResource(p, rc.urls)),
    relation,
  };
}

/** The member's own profile: every photo with its status, date of birth, preferences, completion. */
export function myProfile(
  user: UserRow,
  allPhotos: PhotoRow[],
  completion: ProfileCompletion,
  rc: ResourceContext,
): MyProfile {
  const primary = allPhotos.find((p) => p.status === 'approved') ?? null;
  return {
    ...profileCard(user, primary, rc, { includePrimary: true }),
    ...details(user),
    photos: allPhotos.map((p) => photoResource(p, rc.urls)),
    date_of_birth: user.dateOfBirth,
    preferences: user.preferences,
    profile_complete: completion.complete,
    completion,
  };
}
