import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type UserRow, users } from '../db/schema';

/** A member of the site by (lower-cased) email address. */
export async function memberByEmail(db: Db, siteId: number, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)));
  return user ?? null;
}

/** A member of the site by id. */
export async function memberById(db: Db, siteId: number, userId: number): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.id, userId)));
  return user ?? null;
}

/** Members of the site already using this email or username (the username ignoring case). */
export async function takenBy(
  db: Db,
  siteId: number,
  email: string,
  username: string,
): Promise<{ email: string; username: string }[]> {
  return db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.siteId, siteId),
        sql`(${users.email} = ${email} or lower(${users.username}) = ${username.toLowerCase()})`,
      ),
    );
}

/** Stores a new member (a unique violation means the name or address was taken meanwhile). */
export async function insertMember(
  db: Db,
  values: Pick<
    typeof users.$inferInsert,
    'siteId' | 'username' | 'email' | 'passwordHash' | 'gender' | 'dateOfBirth' | 'city'
  >,
): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** A new password from the mailed reset link; following the link also proves the address. */
export async function resetPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      updatedAt: sql`now()`,
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
    })
    .where(eq(users.id, userId));
}
