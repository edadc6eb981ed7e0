import {
  CREDIT_PACKAGE_IDS,
  createCreditOrderResponseSchema,
  creditOrderHistoryResponseSchema,
  creditOrderStatusResponseSchema,
  vipStatusResponseSchema,
} from '@ukd/contracts/api';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError, fieldError, notFound } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { body, oneOf, text } from '../http/rules';
import { paymentProvider } from './billing-services';
import { findPackage } from './catalogue';
import { memberOrder, openOrder, orderHistory } from './credit-orders';
import { toCreditOrder } from './order-resource';
import { vipUntil } from './vip';

const createOrderBody = body({
  package_id: oneOf('package_id', CREDIT_PACKAGE_IDS),
  client_key: text('client_key', {
    max: 64,
    min: 8,
    pattern: { regex: /^[A-Za-z0-9-]+$/, message: 'The client key format is invalid.' },
  }),
});

// Anything that is not a reference cannot name an order: 404, as for another member's order.
const referenceParams = z.object({ reference: z.string().max(64) });
const REFERENCE = /^FL[0-9A-F]{20}$/;
/** Checkouts a member may start per hour: far above any real use, it caps a script filling the table. */
const ORDERS_PER_HOUR = 30;
/** The payment-auth link's life, as `POST /payment/auth-token` issues it: time to pay and come back. */
const RETURN_LOGIN_TTL_SECONDS = 2 * 3600;

/** The member's purchases. Every order is looked up with the member's id: another's is a 404. */
export function billingRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/credit-orders',
    {
      schema: {
        summary:
          'Start buying a package: answers the pending order and the provider page to pay it on (same client_key: same order)',
        tags: ['billing'],
        body: createOrderBody,
        response: { 200: createCreditOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const pack = findPackage(request.body.package_id);
      if (!pack) throw notFound();
      const { count: started } = await ctx.limits.hit(`credit-orders:${member.user.id}`, {
        maxAttempts: ORDERS_PER_HOUR,
        decaySeconds: 3600,
      });
      if (started > ORDERS_PER_HOUR) {
        throw new ApiError(429, 'Too many checkouts started. Please try again later.', undefined, {
          'retry-after': '3600',
        });
      }
      if (pack.seasonal && !(await ctx.sites.settings(request.site.id)).event) {
        throw fieldError('package_id', 'This offer has ended.');
      }
      const provider = paymentProvider(ctx);
      const order = await openOrder(ctx.db, {
        userId: member.user.id,
        clientKey: request.body.client_key,
        pack,
        provider: provider.name,
      });
      const redirect = new URL(
        provider.paymentUrl({
          reference: order.reference,
          amountPence: order.amountPence,
          currency: order.currency,
        }),
      );
      // The sandbox sends `custom1` back with the payer (SPEC's payment-auth link), so a member whose
      // session ended while paying is logged back in. TrustPay's return is set in its portal instead.
      if (provider.name === 'sandbox' && !member.impersonated) {
        const login = await ctx.emailTokens.issue(member.user.id, 'payment-login', RETURN_LOGIN_TTL_SECONDS);
        redirect.searchParams.set('custom1', login);
      }
      return { data: { order: toCreditOrder(order), redirect_url: redirect.toString() } };
    },
  );

  app.get(
    '/credit-orders',
    {
      schema: {
        summary: "The member's purchase history, newest first (date, package, amount, status, reference)",
        tags: ['billing'],
        response: { 200: creditOrderHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      return { data: (await orderHistory(ctx.db, member.user.id)).map(toCreditOrder) };
    },
  );

  app.get(
    '/credit-orders/:reference',
    {
      schema: {
        summary: "One of the member's orders and their balance now (the payment-status page polls it)",
        tags: ['billing'],
        params: referenceParams,
        response: { 200: creditOrderStatusResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const reference = request.params.reference;
      const order = REFERENCE.test(reference)
        ? await memberOrder(ctx.db, member.user.id, reference)
        : undefined;
      if (!order) throw notFound();
      const until = member.user.unliMessageUntil;
      const active = !!until && until.getTime() > Date.now();
      const vip = await vipUntil(ctx.db, member.user.id);
      return {
        data: {
          order: toCreditOrder(order),
          credits: Math.max(0, member.user.credits),
          has_unli_message: active,
          unli_message_until: active && until ? until.toISOString() : null,
          vip_until: vip?.toISOString() ?? null,
        },
      };
    },
  );

  app.get(
    '/vip',
    {
      schema: {
        summary: "The member's VIP membership: active until when, or not",
        tags: ['billing'],
        response: { 200: vipStatusResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const vip = await vipUntil(ctx.db, currentMember(request).user.id);
      return { data: { active: vip !== null, until: vip?.toISOString() ?? null } };
    },
  );
}
