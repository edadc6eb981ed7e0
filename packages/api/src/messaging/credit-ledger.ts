import type { CreditReason } from '@ukd/contracts/api';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { creditLedger } from '../db/messaging-schema';
import { users } from '../db/schema';

/** A database handle or an open transaction (both build queries the same way). */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LedgerEntryInput {
  userId: number;
  delta: number;
  reason: CreditReason;
  reference?: string | null;
  provider?: string | null;
  txnId?: string | null;
}

/**
 * The credit ledger (notes/uk-rules.md): append-only entries, and `users.credits` as a cached
 * balance. Every change goes through `append`, which moves the cached balance and writes the
 * entry in one transaction (the caller's, when given one), so the two never diverge; a debit
 * that would take the balance below zero changes nothing and answers null.
 */
export async function appendCredits(
  db: DbOrTx,
  entry: LedgerEntryInput,
  opts: { allowNegative?: boolean } = {},
): Promise<{ balance: number; entryId: number } | null> {
  const run = async (tx: DbOrTx) => {
    const guard: SQL | undefined =
      entry.delta < 0 && !opts.allowNegative ? gte(users.credits, -entry.delta) : undefined;
    const [row] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${entry.delta}` })
      .where(and(eq(users.id, entry.userId), guard))
      .returning({ credits: users.credits });
    if (!row) return null;
    const [inserted] = await tx
      .insert(creditLedger)
      .values({
        userId: entry.userId,
        delta: entry.delta,
        balanceAfter: row.credits,
        reason: entry.reason,
        reference: entry.reference ?? null,
        provider: entry.provider ?? null,
        txnId: entry.txnId ?? null,
      })
      .returning({ id: creditLedger.id });
    if (!inserted) throw new Error('ledger insert returned nothing');
    return { balance: row.credits, entryId: inserted.id };
  };
  // Inside a caller's transaction, `transaction` opens a savepoint, which is what we want too.
  return db.transaction((tx) => run(tx));
}

/** The balance as the ledger adds it up (the audit view of `users.credits`). */
export async function ledgerBalance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

/**
 * Gives members whose balance predates the ledger (seeded rows) an `opening_balance` entry, so
 * the ledger accounts for every credit. Idempotent: only members without any entry are touched.
 */
export async function recordOpeningBalances(db: DbOrTx, siteId?: number): Promise<void> {
  await db.execute(sql`
    insert into ${creditLedger} (user_id, delta, balance_after, reason)
    select u.id, u.credits, u.credits, 'opening_balance' from ${users} u
    where u.credits <> 0
      ${siteId === undefined ? sql`` : sql`and u.site_id = ${siteId}`}
      and not exists (select 1 from ${creditLedger} l where l.user_id = u.id)`);
}
