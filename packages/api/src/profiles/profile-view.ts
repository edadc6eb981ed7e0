import type { ProfileRelation } from '@ukd/contracts/api';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { param, preparedStatement } from '../db/prepared-statement';
import { executedRows, maybeRowFromJson, rowsFromJson } from '../db/related-rows';
import { type PhotoRow, photos, type UserRow, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { storedUuidOf } from '../http/uuid';
import { photoOrderOf } from '../photos/photo-resource';
import { type RelationRow, relationColumns, relationFrom } from './relations';
import { type Viewer, visibleTo } from './visibility';
import { recordVisits } from './visits';

/** A member's profile as another member (or they themself) opens it. */
export interface ProfileView {
  member: UserRow;
  /** Their approved photos, primary first, then oldest. */
  photos: PhotoRow[];
  relation: ProfileRelation;
  /** A visit was recorded (the first in the window): the owner is told of it. */
  visited: boolean;
}

const viewer = param<number>('viewer');

/**
 * The member, their approved photos, the viewer's relation to them and the visit, in ONE
 * statement: opening a profile, the most frequent page on the site after browse, took five
 * queries in three round trips (issue 16).
 */
const viewStatement = preparedStatement(
  () => 'profile view',
  () => sql`
    with target as (
      select ${users}.* from ${users}
      where ${users.uuid} = ${param<string>('uuid')}
        and ${or(visibleTo({ id: viewer, siteId: param<number>('site') }), eq(users.id, viewer))}
    ),
    visit as (
      ${recordVisits(viewer, sql`select id from target where id <> ${viewer} and ${param<boolean>('leaves_visit')}::boolean`)}
    )
    select row_to_json(target) as member,
           (select coalesce(json_agg(p order by ${photoOrderOf('p')}), '[]'::json)
            from ${photos} p where p.user_id = target.id and p.status = 'approved') as photos,
           ${relationColumns(viewer, sql`target.id`)},
           exists (select 1 from visit) as visited
    from target`,
);

/**
 * Another member's profile (or the viewer's own) by uuid, recording the viewer's visit when
 * `leavesVisit` (never to themself); anything the viewer may not see (unknown, malformed,
 * deactivated, blocked either way, another site) is the same 404, and records nothing.
 */
export async function viewProfile(
  db: Db,
  viewerMember: Viewer,
  uuid: string,
  opts: { leavesVisit: boolean },
): Promise<ProfileView> {
  const [row] = executedRows<RelationRow & { member: unknown; photos: unknown; visited: boolean }>(
    await viewStatement(db, null, {
      viewer: viewerMember.id,
      site: viewerMember.siteId,
      uuid: storedUuidOf(uuid),
      leaves_visit: opts.leavesVisit,
    }),
  );
  const member = row ? maybeRowFromJson(users, row.member) : null;
  if (!row || !member) throw notFound();
  return {
    member,
    photos: rowsFromJson(photos, row.photos),
    relation: relationFrom(row),
    visited: row.visited,
  };
}
