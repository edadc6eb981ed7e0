import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { photos, type UserRow, users } from '../db/schema';

/** Whether another member of the site already uses the address. */
export async function emailTaken(
  db: Db,
  siteId: number,
  address: string,
  exceptUserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, address), ne(users.id, exceptUserId)));
  return !!row;
}

/** The member with a change of address waiting for confirmation, if any. */
export async function memberWithPendingEmail(
  db: Db,
  userId: number,
  siteId: number,
): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.siteId, siteId), isNotNull(users.pendingEmail)));
  return user ?? null;
}

/** The confirmed new address replaces the old one (a unique violation means it was taken meanwhile). */
export async function confirmEmailChange(db: Db, userId: number, address: string): Promise<void> {
  await db
    .update(users)
    .set({ email: address, pendingEmail: null, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Holds the new address until its owner confirms it. */
export async function setPendingEmail(db: Db, userId: number, address: string): Promise<void> {
  await db.update(users).set({ pendingEmail: address, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Hides (or shows again) the member everywhere; deactivating twice keeps the first time. */
export async function setDeactivated(db: Db, userId: number, deactivated: boolean): Promise<void> {
  await db
    .update(users)
    .set({
      deactivatedAt: deactivated ? sql`coalesce(${users.deactivatedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** The photo files a member owns (removed from storage once the account row is gone). */
export async function photoFilesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ file: photos.file }).from(photos).where(eq(photos.userId, userId));
  return rows.map((r) => r.file);
}

/** Deletes the account; everything else the member owns goes with it (ON DELETE CASCADE). */
export async function deleteMember(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Confirms the member's address (confirming twice keeps the first time). */
export async function confirmEmail(db: Db, userId: number, siteId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.siteId, siteId)));
}

/** Stops marketing and notification mails; the member's id, or null when they had already unsubscribed. */
export async function unsubscribe(db: Db, uuid: string, siteId: number): Promise<number | null> {
  const [updated] = await db
    .update(users)
    .set({ emailUnsubscribedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.uuid, uuid), eq(users.siteId, siteId), isNull(users.emailUnsubscribedAt)))
    .returning({ id: users.id });
  return updated?.id ?? null;
}
