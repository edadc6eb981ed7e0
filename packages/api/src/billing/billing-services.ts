import { BILLING_PATHS, type TrustpayNotification } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { sites, users } from '../db/schema';
import { applyNotification, type NotificationResult } from './payment-notifications';
import { buildPaymentProvider, type TrustpayProvider } from './payment-provider';
import { receiptMail } from './receipt-mail';
import { grantWelcomeCredits } from './welcome-credits';

// One provider per API instance, built on first use from the resolved options.
const providers = new WeakMap<AppContext, TrustpayProvider>();

export function paymentProvider(ctx: AppContext): TrustpayProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = buildPaymentProvider(ctx.options.billing, ctx.options.apiUrl);
    providers.set(ctx, provider);
  }
  return provider;
}

/** Applies a notification, then (after commit) tells the member's open tabs and mails the receipt. */
export async function receiveNotification(
  ctx: AppContext,
  notification: TrustpayNotification,
  log: FastifyBaseLogger,
): Promise<NotificationResult> {
  const result = await applyNotification(ctx.db, paymentProvider(ctx), notification);
  log.info(
    { ref: result.order.reference, typ: notification.TYP, res: notification.RES, outcome: result.outcome },
    'payment notification applied',
  );
  const fulfilment = result.fulfilment;
  if (!fulfilment) return result;
  // A pass changes the member's row outside their own requests: seen here at once.
  ctx.members.forgetMember(fulfilment.userId);
  const [member] = await ctx.db
    .select({ uuid: users.uuid, email: users.email, username: users.username, siteName: sites.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, fulfilment.userId));
  if (!member) return result;
  const events = ctx.realtime.events;
  events.inBackground(
    () =>
      events.creditsEarned(member.uuid, {
        credits_earned: fulfilment.creditsDelta,
        credits: fulfilment.balance,
        reason: result.outcome === 'reversed' ? 'refund' : 'purchase',
      }),
    `credits of order ${result.order.reference}`,
  );
  if (fulfilment.passUntil !== undefined) {
    const until = fulfilment.passUntil;
    const active = !!until && until.getTime() > Date.now();
    events.inBackground(
      () =>
        events.durationUpdated(member.uuid, {
          has_unli_message: active,
          expires_at: active && until ? until.toISOString() : null,
        }),
      `pass of order ${result.order.reference}`,
    );
  }
  if (result.outcome === 'paid') {
    const mail = receiptMail({
      siteName: member.siteName,
      to: member.email,
      username: member.username,
      order: result.order,
      historyUrl: `${ctx.options.siteUrl}${BILLING_PATHS.history}`,
    });
    // The payment stands whatever the mail does: a failed receipt is logged, never an error to TrustPay.
    await ctx.mailer.send(mail).catch((error: unknown) => log.error({ err: error }, 'receipt mail failed'));
  }
  return result;
}

/** Called when a member confirms their email: the one-off welcome grant, announced live. */
export async function welcomeMember(ctx: AppContext, userId: number): Promise<void> {
  const balance = await grantWelcomeCredits(ctx.db, userId, ctx.options.billing.welcomeCredits);
  if (balance === null) return;
  const [member] = await ctx.db.select({ uuid: users.uuid }).from(users).where(eq(users.id, userId));
  if (!member) return;
  const credits = ctx.options.billing.welcomeCredits;
  ctx.realtime.events.inBackground(
    () =>
      ctx.realtime.events.creditsEarned(member.uuid, {
        credits_earned: credits,
        credits: balance,
        reason: 'promotion',
      }),
    `welcome credits of ${member.uuid}`,
  );
}
