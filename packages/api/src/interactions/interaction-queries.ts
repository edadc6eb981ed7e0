import type { InteractionKind, ProfileRelation } from '@ukd/contracts/api';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks, memberInteractions, profileVisits, userNotifications } from '../db/interactions-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { executedRows, jsonObjectOf, maybeRowFromJson } from '../db/related-rows';
import { photos, type UserRow, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { storedUuidOf } from '../http/uuid';
import { type ShownPhoto, shownPhotoColumns, shownPhotoOf, shownPhotosOf } from '../photos/photo-resource';
import { CARD_FIELDS, type CardUser } from '../profiles/profile-resource';
import { type RelationRow, relationColumns, relationFrom } from '../profiles/relations';
import { type Viewer, visibleTo } from '../profiles/visibility';

type Page = { limit: number; offset: number };

const viewer = param<number>('viewer');

/** A like, favourite or wink set or cleared on a member the viewer may see. */
export interface InteractionChange {
  /** The viewer's relation to them after the change. */
  relation: ProfileRelation;
  /** Set for the first time (it notifies them): their row, to notify. */
  notify: UserRow | null;
}

type InteractionChangeRaw = RelationRow & { member: unknown; changed: boolean };

/**
 * Sets (`put`) or clears (`delete`) one of the viewer's interactions with the member named by
 * uuid, if the viewer may see them (`visibleTo`), and reads the relation, in ONE statement: the
 * toggle took four queries built by drizzle, in three round trips (issue 16). The relation is
 * read as the statement began, so the change itself is applied to it here.
 */
const interactionChange = preparedStatement(
  (change: 'put' | 'delete') => change,
  (change: 'put' | 'delete') => {
    const kind = sql`${param<InteractionKind>('kind')}::text`;
    const changed =
      change === 'put'
        ? sql`insert into ${memberInteractions} (user_id, target_id, kind)
              select ${viewer}::integer, target.id, ${kind} from target
              on conflict do nothing returning 1`
        : sql`delete from ${memberInteractions}
              where user_id = ${viewer} and target_id = (select id from target) and kind = ${kind} returning 1`;
    return sql`
      with target as (
        select ${users}.* from ${users}
        where ${users.uuid} = ${param<string>('uuid')} and ${visibleTo({ id: viewer, siteId: param<number>('site') })}
      ),
      changed as (${changed})
      select ${relationColumns(viewer, sql`target.id`)},
             exists (select 1 from changed) as changed,
             case when exists (select 1 from changed) then row_to_json(target) end as member
      from target`;
  },
);

/**
 * Sets or clears a like, favourite or wink on the member `uuid` names (a 404 unless the viewer
 * may see them); notifies only the first time it is set (`notify`).
 */
export async function changeInteraction(
  db: Db,
  of: Viewer,
  uuid: string,
  kind: InteractionKind,
  change: 'put' | 'delete',
): Promise<InteractionChange> {
  const [row] = executedRows<InteractionChangeRaw>(
    await interactionChange(db, change, { viewer: of.id, site: of.siteId, uuid: storedUuidOf(uuid), kind }),
  );
  if (!row) throw notFound();
  const kinds = (row.kinds ?? []).filter((k) => k !== kind);
  if (change === 'put') kinds.push(kind);
  return {
    relation: relationFrom({ kinds, blocked: row.blocked }),
    notify: change === 'put' && row.changed ? maybeRowFromJson(users, row.member) : null,
  };
}

/**
 * Blocks a member. Their past views, likes, favourites and winks must not linger in either
 * bell, pointing at a profile that is now a 404, so both members' notifications from the other go.
 */
export async function block(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await db
    .delete(userNotifications)
    .where(
      or(
        and(eq(userNotifications.userId, blockerId), eq(userNotifications.fromUserId, blockedId)),
        and(eq(userNotifications.userId, blockedId), eq(userNotifications.fromUserId, blockerId)),
      ),
    );
}

export async function unblock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** The id of the reported member's photo by its (lower-cased) id, if it is theirs. */
export async function photoOf(db: Db, ownerId: number, photoId: string): Promise<string | null> {
  const [photo] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId.toLowerCase()), eq(photos.userId, ownerId)));
  return photo?.id ?? null;
}

/** Members the blocker has blocked, latest first. */
export async function blockedPage(db: Db, blockerId: number, page: Page) {
  const where = eq(blocks.blockerId, blockerId);
  const [totalRow] = await db.select({ total: count() }).from(blocks).where(where);
  const rows = await db
    .select({ uuid: users.uuid, username: users.username, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(where)
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: totalRow?.total ?? 0 };
}

/** A member in one of the viewer's lists (visitors, favourites), with what the list shows of them. */
export interface ListedMember {
  user: CardUser;
  /** Their `shownPhotoOfMember` photo, if any. */
  photo: ShownPhoto | null;
  /** When they last visited, or when the favourite was given. */
  at: Date;
  /** Visits counted (visitors only). */
  visits: number;
}

export interface MemberListPage {
  rows: ListedMember[];
  total: number;
  /** The viewer's badge for this list was reset (there was something new): their row changed. */
  marked: boolean;
}

type SeenColumn = 'visitors_seen_at' | 'favorites_seen_at';

/**
 * A page of one of the viewer's member lists, latest first, among members they can still see,
 * with the total, each member's card and photo, and the list's badge reset when asked (`mark`)
 * and something is new, in ONE statement: the visitor list took four round trips and wrote the
 * member's row on every opening, which dropped their cached sign-in each time (issue 16).
 * `listed` selects `member_id`, `at` and `visits` from rows joined to `users` (the member listed).
 */
function memberListStatement(name: string, listed: SQL, seenColumn: SeenColumn | null) {
  return preparedStatement(
    () => name,
    () => {
      const seen = seenColumn && sql.identifier(seenColumn);
      const seenCte = seen
        ? sql`seen as (
            update ${users} set ${seen} = now()
            where ${users.id} = ${viewer} and ${param<boolean>('mark')}::boolean
              and exists (select 1 from listed where listed.at > coalesce(${users}.${seen}, '-infinity'::timestamptz))
            returning 1),`
        : sql``;
      return sql`
        with listed as (${listed} and ${visibleTo({ id: viewer, siteId: param<number>('site') })}),
        ${seenCte}
        totals as (select count(*)::integer as total from listed),
        page as (select * from listed order by at desc, member_id desc
                 limit ${param<number>('limit')} offset ${param<number>('offset')}),
        shown as (${shownPhotosOf(sql`select member_id from page`)})
        select totals.total, ${seen ? sql`exists (select 1 from seen)` : sql`false`} as marked,
               page.at, page.visits, ${shownPhotoColumns('sp', 'photo')},
               (select ${jsonObjectOf(users, 'm', CARD_FIELDS)} from ${users} m where m.id = page.member_id) as member
        from totals
        left join page on true
        left join shown sp on sp.user_id = page.member_id
        order by page.at desc, page.member_id desc`;
    },
  );
}

type MemberListRaw = {
  total: number;
  marked: boolean;
  at: string | Date | null;
  visits: number | null;
  member: unknown;
  [photoColumn: `photo_${string}`]: unknown;
};

async function memberListPage(
  statement: ReturnType<typeof memberListStatement>,
  db: Db,
  of: Viewer,
  page: Page,
  mark: boolean,
): Promise<MemberListPage> {
  const raw = executedRows<MemberListRaw>(
    await statement(db, null, {
      viewer: of.id,
      site: of.siteId,
      mark,
      limit: page.limit,
      offset: page.offset,
    }),
  );
  const first = raw[0];
  const rows: ListedMember[] = [];
  for (const r of raw) {
    const user = maybeRowFromJson(users, r.member, CARD_FIELDS);
    if (!user || r.at === null) continue; // the totals row of an empty page
    rows.push({
      user,
      photo: shownPhotoOf(r, 'photo'),
      at: r.at instanceof Date ? r.at : new Date(r.at),
      visits: Number(r.visits ?? 0),
    });
  }
  return { rows, total: Number(first?.total ?? 0), marked: Boolean(first?.marked) };
}

const visitorList = memberListStatement(
  'visitors',
  sql`select ${users.id} as member_id, v.last_visited_at as at, v.visits
      from ${profileVisits} v join ${users} on ${users.id} = v.visitor_id
      where v.visited_id = ${viewer}`,
  'visitors_seen_at',
);

const favoriteLists = {
  mine: memberListStatement(
    'favorites given',
    sql`select ${users.id} as member_id, f.created_at as at, null::integer as visits
        from ${memberInteractions} f join ${users} on ${users.id} = f.target_id
        where f.user_id = ${viewer} and f.kind = 'favorite'`,
    null,
  ),
  received: memberListStatement(
    'favorites received',
    sql`select ${users.id} as member_id, f.created_at as at, null::integer as visits
        from ${memberInteractions} f join ${users} on ${users.id} = f.user_id
        where f.target_id = ${viewer} and f.kind = 'favorite'`,
    'favorites_seen_at',
  ),
};

/** Members who viewed the viewer's profile and whom the viewer can still see, latest first; with
 * `markSeen`, the new-visitors badge is reset. */
export function visitorPage(db: Db, of: Viewer, page: Page, markSeen: boolean): Promise<MemberListPage> {
  return memberListPage(visitorList, db, of, page, markSeen);
}

/** Favourites the viewer gave (`mine`) or received, among members they can still see, latest
 * first; with `markSeen` (received only), the new-favourites badge is reset. */
export function favoritePage(
  db: Db,
  of: Viewer,
  received: boolean,
  page: Page,
  markSeen: boolean,
): Promise<MemberListPage> {
  return memberListPage(received ? favoriteLists.received : favoriteLists.mine, db, of, page, markSeen);
}
