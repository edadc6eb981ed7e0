import type { Photo } from '@ukd/contracts/api';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type PhotoRow, photos } from '../db/schema';
import { thumbnailName } from './photo-store';
import type { PhotoUrls } from './photo-urls';

export function photoResource(row: PhotoRow, urls: PhotoUrls): Photo {
  const signed = row.status !== 'approved';
  return {
    id: row.id,
    url: urls.url(row.file, { signed }),
    thumbnail_url: urls.url(thumbnailName(row.file), { signed }),
    width: row.width,
    height: row.height,
    status: row.status,
    is_primary: row.isPrimary,
    created_at: row.createdAt.toISOString(),
  };
}

/** Primary first, then oldest: the order photos are shown in. */
export const PHOTO_ORDER = [desc(photos.isPrimary), asc(photos.createdAt)] as const;

/**
 * The photo others see for each member: the primary photo when approved, otherwise their first
 * approved photo (a new primary waiting for moderation does not blank the profile).
 */
export async function approvedPrimaries(db: Db, userIds: number[]): Promise<Map<number, PhotoRow>> {
  const out = new Map<number, PhotoRow>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select()
    .from(photos)
    .where(and(inArray(photos.userId, userIds), eq(photos.status, 'approved')))
    .orderBy(asc(photos.userId), ...PHOTO_ORDER);
  for (const row of rows) if (!out.has(row.userId)) out.set(row.userId, row);
  return out;
}

/**
 * `approvedPrimaries`' photo for the member whose id is `userId`, as a subquery giving
 * `row_to_json` of the photo row (read it with `maybeRowFromJson(photos, …)`), for reads that load a
 * member and their photo in one statement.
 */
export const shownPhotoJson = (userId: SQL) =>
  sql<unknown>`(select row_to_json(p) from ${photos} p where p.user_id = ${userId} and p.status = 'approved'
    order by p.is_primary desc, p.created_at asc limit 1)`;

export async function photosOf(db: Db, userId: number, opts: { approvedOnly: boolean }): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, userId), opts.approvedOnly ? eq(photos.status, 'approved') : undefined))
    .orderBy(...PHOTO_ORDER);
}
