import type { InteractionKind } from '@ukd/contracts/api';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { blocks, memberInteractions, profileVisits, userNotifications } from '../db/interactions-schema';
import { photos, type UserRow, users } from '../db/schema';
import { type Viewer, visibleTo } from '../profiles/visibility';

type Page = { limit: number; offset: number };

/** Sets a like, favourite or wink; true only the first time (when it notifies). */
export async function addInteraction(
  db: Db,
  userId: number,
  targetId: number,
  kind: InteractionKind,
): Promise<boolean> {
  const inserted = await db
    .insert(memberInteractions)
    .values({ userId, targetId, kind })
    .onConflictDoNothing()
    .returning({ kind: memberInteractions.kind });
  return inserted.length > 0;
}

export async function removeInteraction(
  db: Db,
  userId: number,
  targetId: number,
  kind: InteractionKind,
): Promise<void> {
  await db
    .delete(memberInteractions)
    .where(
      and(
        eq(memberInteractions.userId, userId),
        eq(memberInteractions.targetId, targetId),
        eq(memberInteractions.kind, kind),
      ),
    );
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

/** Members who viewed the viewer's profile and whom the viewer can still see, latest first. */
export async function visitorPage(db: Db, viewer: Viewer, page: Page) {
  const where = and(eq(profileVisits.visitedId, viewer.id), visibleTo(viewer));
  const [totalRow] = await db
    .select({ total: count() })
    .from(profileVisits)
    .innerJoin(users, eq(users.id, profileVisits.visitorId))
    .where(where);
  const rows = await db
    .select({ user: users, visit: profileVisits })
    .from(profileVisits)
    .innerJoin(users, eq(users.id, profileVisits.visitorId))
    .where(where)
    .orderBy(desc(profileVisits.lastVisitedAt), desc(profileVisits.visitorId))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Favourites the viewer gave (`mine`) or received, among members they can still see, latest first. */
export async function favoritePage(db: Db, viewer: Viewer, received: boolean, page: Page) {
  const fav = alias(memberInteractions, 'fav');
  const me = received ? fav.targetId : fav.userId;
  const them = received ? fav.userId : fav.targetId;
  const where = and(eq(me, viewer.id), eq(fav.kind, 'favorite'), visibleTo(viewer));
  const [totalRow] = await db
    .select({ total: count() })
    .from(fav)
    .innerJoin(users, eq(users.id, them))
    .where(where);
  const rows = await db
    .select({ user: users, createdAt: fav.createdAt })
    .from(fav)
    .innerJoin(users, eq(users.id, them))
    .where(where)
    .orderBy(desc(fav.createdAt), desc(them))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Resets a badge: the member has now seen their visitors (or received favourites) up to now. */
export async function markSeen(
  db: Db,
  user: Pick<UserRow, 'id'>,
  what: 'visitors' | 'favorites',
): Promise<void> {
  const set = what === 'visitors' ? { visitorsSeenAt: sql`now()` } : { favoritesSeenAt: sql`now()` };
  await db.update(users).set(set).where(eq(users.id, user.id));
}
