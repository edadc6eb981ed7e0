import { eq } from 'drizzle-orm';
import { vipMemberships } from '../db/billing-schema';
import type { DbOrTx } from '../messaging/credit-ledger';

/** When the member's VIP membership ends, or null when they are not VIP now. */
export async function vipUntil(db: DbOrTx, userId: number, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ until: vipMemberships.until })
    .from(vipMemberships)
    .where(eq(vipMemberships.userId, userId));
  return row && row.until.getTime() > now.getTime() ? row.until : null;
}

/** VIP benefit the messaging prices apply: winks are free while VIP lasts (docs/billing.md). */
export async function isVip(db: DbOrTx, userId: number): Promise<boolean> {
  return (await vipUntil(db, userId)) !== null;
}
