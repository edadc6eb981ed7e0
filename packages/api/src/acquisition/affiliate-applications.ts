import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { affiliateApplications } from '../db/acquisition-schema';
import type { Db } from '../db/database';

export type AffiliateApplication = typeof affiliateApplications.$inferSelect;
type NewApplication = Omit<typeof affiliateApplications.$inferInsert, 'id' | 'reference' | 'status'>;

// Crockford-like: no 0/O or 1/I to misread when quoted over the phone.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function newReference(): string {
  const bytes = randomBytes(8);
  let out = 'AFF-';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/**
 * Stores an application, once per pending address: a second one from the same address (a
 * double click, a replay) answers the first one's reference and `created: false`. The unique
 * index decides, so parallel submissions cannot both get in.
 */
export async function submitApplication(
  db: Db,
  input: NewApplication,
): Promise<{ reference: string; created: boolean }> {
  const [row] = await db
    .insert(affiliateApplications)
    .values({ ...input, reference: newReference() })
    .onConflictDoNothing()
    .returning({ reference: affiliateApplications.reference });
  if (row) return { reference: row.reference, created: true };
  const [pending] = await db
    .select({ reference: affiliateApplications.reference })
    .from(affiliateApplications)
    .where(
      and(
        eq(affiliateApplications.siteId, input.siteId),
        eq(affiliateApplications.email, input.email),
        eq(affiliateApplications.status, 'pending'),
      ),
    );
  if (!pending) throw new Error('affiliate application neither stored nor pending');
  return { reference: pending.reference, created: false };
}

/** Pending applications of every site, oldest first (the operator CLI). */
export async function pendingApplications(db: Db, limit = 100): Promise<AffiliateApplication[]> {
  return db
    .select()
    .from(affiliateApplications)
    .where(eq(affiliateApplications.status, 'pending'))
    .orderBy(asc(affiliateApplications.createdAt))
    .limit(limit);
}

/**
 * Records the operator's decision on a pending application; an approval issues its affiliate
 * code (the operator's choice, or the reference's random part). Null when nothing is pending
 * under that reference; `'code-taken'` when another partner already has the code.
 */
export async function reviewApplication(
  db: Db,
  reference: string,
  decision: { status: 'approved'; code?: string | undefined } | { status: 'rejected' },
): Promise<AffiliateApplication | null | 'code-taken'> {
  const code = decision.status === 'approved' ? (decision.code ?? reference.replace(/^AFF-/, '')) : null;
  try {
    const [row] = await db
      .update(affiliateApplications)
      .set({ status: decision.status, code, reviewedAt: new Date() })
      .where(and(eq(affiliateApplications.reference, reference), eq(affiliateApplications.status, 'pending')))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'code-taken';
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
