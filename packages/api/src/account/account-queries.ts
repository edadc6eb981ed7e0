import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type UserRow, users } from '../db/schema';

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
