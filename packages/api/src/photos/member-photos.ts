import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type PhotoRow, photos } from '../db/schema';
import { refreshProfileComplete } from '../profiles/completion';

/**
 * Makes `photoId` the member's primary photo (unset the old one first: the partial unique index
 * allows one primary per member at any moment).
 */
export async function setPrimary(db: Db, userId: number, photoId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(photos)
      .set({ isPrimary: false })
      .where(and(eq(photos.userId, userId), eq(photos.isPrimary, true), ne(photos.id, photoId)));
    await tx
      .update(photos)
      .set({ isPrimary: true })
      .where(and(eq(photos.userId, userId), eq(photos.id, photoId)));
  });
}

/**
 * After the primary photo went away (deleted or rejected): the best remaining photo becomes
 * primary, approved before pending, oldest first. Rejected photos never are.
 */
export async function promoteNextPrimary(db: Db, userId: number): Promise<void> {
  const [current] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isPrimary, true)));
  if (current) return;
  const [next] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), ne(photos.status, 'rejected')))
    .orderBy(desc(sql`${photos.status} = 'approved'`), asc(photos.createdAt));
  if (next) await setPrimary(db, userId, next.id);
}

/** Operator decision on a photo; keeps the primary photo and `profile_complete` consistent. */
export async function reviewPhoto(
  db: Db,
  photoId: string,
  status: 'approved' | 'rejected',
): Promise<PhotoRow | null> {
  const [row] = await db
    .update(photos)
    .set({ status, reviewedAt: sql`now()`, ...(status === 'rejected' ? { isPrimary: false } : {}) })
    .where(eq(photos.id, photoId))
    .returning();
  if (!row) return null;
  if (status === 'rejected') await promoteNextPrimary(db, row.userId);
  await refreshProfileComplete(db, row.userId);
  return row;
}

/** Pending photos, oldest first: the moderation queue. */
export async function moderationQueue(db: Db, limit = 50): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.status, 'pending'))
    .orderBy(asc(photos.createdAt))
    .limit(limit);
}

/** One of the member's photos by its (lower-cased) id, if it is theirs. */
export async function ownPhotoRow(db: Db, userId: number, photoId: string): Promise<PhotoRow | null> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId.toLowerCase()), eq(photos.userId, userId)));
  return row ?? null;
}

export async function photoCount(db: Db, userId: number): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return existing?.n ?? 0;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Stores an uploaded photo; the member's first photo becomes their primary one. */
export async function addPhoto(
  db: Db,
  values: Omit<typeof photos.$inferInsert, 'isPrimary'>,
): Promise<PhotoRow> {
  const hasPrimary = sql`exists (select 1 from ${photos} p where p.user_id = ${values.userId} and p.is_primary)`;
  let row: PhotoRow | undefined;
  try {
    [row] = await db
      .insert(photos)
      .values({ ...values, isPrimary: sql`not ${hasPrimary}` })
      .returning();
  } catch (error) {
    // Two first uploads at once: the other became primary; this one is not.
    if (!isUniqueViolation(error)) throw error;
    [row] = await db
      .insert(photos)
      .values({ ...values, isPrimary: false })
      .returning();
  }
  if (!row) throw new Error('photo insert returned nothing');
  return row;
}

export async function deletePhoto(db: Db, photoId: string): Promise<void> {
  await db.delete(photos).where(eq(photos.id, photoId));
}
