// Test helpers of the billing suites (imported by *.test.ts only).
import type { CreateCreditOrderResponse, TrustpayNotification } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import { creditLedger } from '../db/messaging-schema';
import { users } from '../db/schema';
import type { Broadcaster } from '../realtime/broadcaster';
import { registerMember, type TestApi } from '../test/harness';
import { notificationSig } from './signatures';

export const TEST_SECRET = 'trustpay-test-secret-0123456789abcdef';
export const TEST_AID = '4107111111';

export interface Published {
  channels: string[];
  event: string;
  data: unknown;
}

/** A broadcaster that records what was published. */
export function recordingBroadcaster(published: Published[]): Broadcaster {
  return {
    kind: 'none',
    async publish(channels, event, data) {
      published.push({ channels, event, data });
    },
    async presenceUserIds() {
      return [];
    },
  };
}

export const billingOverrides = (published: Published[] = []) => ({
  billing: {
    provider: 'sandbox' as const,
    trustpayAid: TEST_AID,
    trustpaySecret: TEST_SECRET,
    welcomeCredits: 10,
  },
  broadcaster: recordingBroadcaster(published),
});

export async function memberWithId(api: TestApi) {
  const member = await registerMember(api);
  const [row] = await api.context.db
    .select({ id: users.id, uuid: users.uuid })
    .from(users)
    .where(eq(users.email, member.email));
  if (!row) throw new Error('registered member not found');
  return { ...member, id: row.id, uuid: row.uuid };
}

let keys = 0;
export async function startOrder(api: TestApi, token: string, packageId = 'credits-50', clientKey?: string) {
  keys += 1;
  const res = await api.call('POST', '/api/credit-orders', {
    token,
    body: { package_id: packageId, client_key: clientKey ?? `checkout-${Date.now()}-${keys}` },
  });
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return (res.json() as CreateCreditOrderResponse).data;
}

let tids = 0;
/** A correctly signed notification for an order (override fields to tamper after signing). */
export function signedNotification(
  order: { reference: string; amount: string; currency: string },
  fields: Partial<Omit<TrustpayNotification, 'SIG'>> = {},
): TrustpayNotification {
  tids += 1;
  const unsigned = {
    AID: TEST_AID,
    TYP: 'CRDT',
    AMT: order.amount,
    CUR: order.currency,
    REF: order.reference,
    RES: '0',
    TID: `T${Date.now()}${tids}`,
    OID: order.reference,
    TSS: new Date().toISOString(),
    ...fields,
  };
  return { ...unsigned, SIG: notificationSig(TEST_SECRET, unsigned) };
}

export function notify(api: TestApi, notification: Record<string, string>, form = true) {
  return api.call('POST', '/api/payments/trustpay/notification', {
    siteKey: null,
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: form ? new URLSearchParams(notification).toString() : notification,
  });
}

export async function balanceOf(api: TestApi, userId: number): Promise<number> {
  const [row] = await api.context.db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId));
  return row?.credits ?? Number.NaN;
}

export async function ledgerEntries(api: TestApi, userId: number) {
  return api.context.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
}
