import type { Photo } from '@ukd/contracts/api';
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { param, preparedPer, preparedStatement } from '../db/prepared-statement';
import { executedRows, maybeRowFromColumns, prefixedColumns } from '../db/related-rows';
import { type PhotoRow, photos } from '../db/schema';
import { isoTime } from '../http/iso-time';
import { thumbnailName } from './photo-store';
import type { PhotoUrls } from './photo-urls';

/** The photo fields a resource shows: what reads of members' shown photos load. */
export type ShownPhoto = Pick<
  PhotoRow,
  'id' | 'file' | 'width' | 'height' | 'status' | 'isPrimary' | 'createdAt'
>;

export function photoResource(row: ShownPhoto, urls: PhotoUrls): Photo {
  const signed = row.status !== 'approved';
  return {
    id: row.id,
    url: urls.url(row.file, { signed }),
    thumbnail_url: urls.url(thumbnailName(row.file), { signed }),
    width: row.width,
    height: row.height,
    status: row.status,
    is_primary: row.isPrimary,
    created_at: isoTime(row.createdAt),
  };
}

/** Primary first, then oldest: the order photos are shown in, for the photos named `alias`. */
export const photoOrderOf = (alias: string) => {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return sql`${column(photos.isPrimary.name)} desc, ${column(photos.createdAt.name)} asc`;
};

/**
 * The photo others see of a member (`shownPhotosOf`' rule: the primary photo when approved,
 * otherwise their first approved photo, so a new primary waiting for moderation does not blank
 * the profile), or null. Read with every `/me` and every notification a member's action sends.
 */
export async function shownPhotoOfMember(db: Db, userId: number): Promise<ShownPhoto | null> {
  const [row] = executedRows<object>(await shownPhotoStatement(db, null, { member: userId }));
  return row ? shownPhotoOf(row, 'photo') : null;
}

/**
 * The photo others see of each member (`shownPhotoOfMember`' rule) whose id `userIds` (a subquery) gives, as rows of
 * `user_id` and the `ShownPhoto` columns, for reads that load a page of members and their photos
 * in one statement: join it on `user_id` and read a row's columns with `shownPhotoColumns` and
 * `shownPhotoOf`. One pass over the page's members' photos: a subquery per member sorted that
 * member's photos again for each (24 times a browse page), and building each photo's JSON cost
 * PostgreSQL more than the rest of browse's statement (issue 16).
 */
export const shownPhotosOf = (userIds: SQL) =>
  sql`select distinct on (p.user_id) p.user_id, p.id, p.file, p.width, p.height, p.status, p.is_primary, p.created_at
    from ${photos} p where p.status = 'approved' and p.user_id in (${userIds})
    order by p.user_id, ${photoOrderOf('p')}`;

const SHOWN_KEYS = ['id', 'file', 'width', 'height', 'status', 'isPrimary', 'createdAt'] as const;

/** The shown photo's columns of `alias` (a join of `shownPhotosOf`), each named `{prefix}_{column}`. */
export const shownPhotoColumns = (alias: string, prefix: string) =>
  prefixedColumns(photos, alias, prefix, SHOWN_KEYS);

/** The photo `shownPhotoColumns(…, prefix)` put in `row`, or null when the member has none. */
export const shownPhotoOf = (row: object, prefix: string): ShownPhoto | null =>
  maybeRowFromColumns(photos, row, prefix, SHOWN_KEYS);

const shownPhotoStatement = preparedStatement(
  () => 'shown photo',
  () =>
    sql`select ${shownPhotoColumns('sp', 'photo')} from (${shownPhotosOf(sql`${param<number>('member')}::integer`)}) sp`,
);

const photosQuery = preparedPer((db: Db) =>
  db
    .select()
    .from(photos)
    .where(eq(photos.userId, param<number>('member')))
    .orderBy(photoOrderOf(getTableName(photos)))
    .prepare('member_photos'),
);

/** Every photo of a member, whatever its moderation, in the order they are shown: for the member
 * themself (their profile, their photos, their data export). */
export function photosOf(db: Db, userId: number): Promise<PhotoRow[]> {
  return photosQuery(db).execute({ member: userId });
}
