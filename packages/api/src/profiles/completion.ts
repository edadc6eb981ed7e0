import {
  PROFILE_COMPLETION_REQUIREMENTS,
  PROFILE_LIMITS,
  type ProfileCompletion,
  type ProfileCompletionRequirement,
} from '@ukd/contracts/api';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { photos, type UserRow, users } from '../db/schema';

/**
 * `profile_complete` rules (documented in contracts `PROFILE_COMPLETION_REQUIREMENTS`): a photo
 * that is not rejected (pending counts, so a member is not held up by moderation), a headline,
 * an about-me text of at least 20 characters, what they are looking for, and a region.
 */
export function profileCompletion(
  user: Pick<UserRow, 'headline' | 'about' | 'lookingFor' | 'region'>,
  usablePhotos: number,
): ProfileCompletion {
  const has: Record<ProfileCompletionRequirement, boolean> = {
    photo: usablePhotos > 0,
    headline: !!user.headline?.trim(),
    about: (user.about?.trim().length ?? 0) >= PROFILE_LIMITS.about.min,
    looking_for: !!user.lookingFor?.trim(),
    region: !!user.region,
  };
  const missing = PROFILE_COMPLETION_REQUIREMENTS.filter((r) => !has[r]);
  return { complete: missing.length === 0, missing };
}

export async function usablePhotoCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.userId, userId), ne(photos.status, 'rejected')));
  return row?.n ?? 0;
}

/** Recomputes and stores `profile_complete` after anything it depends on changed. */
export async function refreshProfileComplete(db: Db, userId: number): Promise<ProfileCompletion> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return { complete: false, missing: [...PROFILE_COMPLETION_REQUIREMENTS] };
  const completion = profileCompletion(user, await usablePhotoCount(db, userId));
  if (completion.complete !== user.profileComplete) {
    await db
      .update(users)
      .set({ profileComplete: completion.complete, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  return completion;
}
