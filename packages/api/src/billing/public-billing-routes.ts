import { BILLING_PATHS, creditPackagesResponseSchema, messageResponseSchema } from '@ukd/contracts/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { creditOrders } from '../db/billing-schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { body, text } from '../http/rules';
import { MessagePriceList } from '../messaging/message-prices';
import { paymentProvider, receiveNotification } from './billing-services';
import { findPackage, packageList } from './catalogue';
import { PassExpiryWatch } from './pass-expiry';
import { NOTIFICATION_TYPES } from './payment-notifications';
import { chargeSandboxCard, sandboxCardPage, sandboxTransactionId } from './sandbox-card';

const field = (name: string) => text(name, { max: 128, raw: true });
const notificationBody = body(
  {
    AID: field('AID'),
    TYP: field('TYP'),
    AMT: field('AMT'),
    CUR: field('CUR'),
    REF: field('REF'),
    RES: field('RES'),
    TID: field('TID'),
    OID: field('OID'),
    TSS: field('TSS'),
    SIG: field('SIG'),
  },
  { extraKeys: 'ignore' },
); // The provider's notification may carry more fields than we read.

const requestFields = {
  AID: field('AID'),
  AMT: field('AMT'),
  CUR: field('CUR'),
  REF: field('REF'),
  SIG: field('SIG'),
};
// `custom1` (optional, unsigned like any extra parameter) logs the payer back in on return: SPEC's payment-auth link.
const custom1 = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/)
  .optional();
const cardPageQuery = z.object({ ...requestFields, custom1 });
const cardForm = body({
  ...requestFields,
  custom1,
  card_number: z.string().max(64).optional(),
  expiry: z.string().max(16).optional(),
  cvc: z.string().max(8).optional(),
});

const FORM_BODY_LIMIT = 4096;

/** TrustPay notifies form-encoded, and the sandbox's card form posts so too: these routes alone accept it. */
function acceptFormBodies(instance: FastifyInstance): void {
  instance.addContentTypeParser(
    /^application\/x-www-form-urlencoded(\s*;.*)?$/i,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, raw, done) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(typeof raw === 'string' ? raw : raw.toString('utf8'))) {
        fields[key] = value;
      }
      done(null, fields);
    },
  );
}

/** Prices (public), the provider's notification, and the sandbox's hosted card page. */
export function publicBillingRoutes(app: ApiApp, ctx: AppContext): void {
  const prices = new MessagePriceList(ctx.db);
  const passes = new PassExpiryWatch(ctx.db, ctx.realtime.events);
  app.addHook('onReady', async () =>
    passes.start(undefined, (error) => app.log.error({ err: error }, 'pass expiry check failed')),
  );
  app.addHook('onClose', async () => passes.stop());

  app.get(
    '/credit-packages',
    {
      schema: {
        summary: 'Credit packages, the 24-hour pass and VIP (GBP, VAT included), and the message prices',
        tags: ['billing'],
        response: { 200: creditPackagesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        packages: packageList((await ctx.sites.settings(request.site.id)).event),
        message_prices: await prices.prices(request.site.id),
        vat_included: true as const,
      },
    }),
  );

  app.register(async (instance) => {
    acceptFormBodies(instance);
    const scoped = instance.withTypeProvider<ZodTypeProvider>();

    scoped.post(
      '/payments/trustpay/notification',
      {
        // Sent by the provider's servers, which know no Site-key; the signature is the authentication.
        config: { siteless: true },
        schema: {
          summary:
            'TrustPay server-to-server notification (form-encoded or JSON): AID, TYP (CRDT payment, RFND refund, CBCK chargeback), AMT, CUR, REF, RES, TID, OID, TSS, SIG',
          description:
            'SIG = upper hex HMAC-SHA256(secret, AID+TYP+AMT+CUR+REF+RES+TID+OID+TSS). 403 bad signature, 404 unknown REF, 422 amount or currency differs, 409 already processed. Credits move only here.',
          tags: ['billing'],
          body: notificationBody,
          response: { 200: messageResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        try {
          const result = await receiveNotification(ctx, request.body, request.log);
          return { message: `OK: ${result.outcome}` };
        } catch (error) {
          // Every refusal is logged with what was claimed: forged, replayed and tampered attempts leave a trail.
          request.log.warn(
            { ref: request.body.REF, typ: request.body.TYP, err: error },
            'payment notification refused',
          );
          throw error;
        }
      },
    );

    if (ctx.options.billing.provider !== 'sandbox') return;
    // The sandbox's test cards grant real credits: loud in the logs, so no one goes live on it by mistake.
    instance.addHook('onReady', async () => {
      instance.log.warn(
        'PAYMENTS_PROVIDER=sandbox: test cards buy credits; set PAYMENTS_PROVIDER=trustpay to take money',
      );
    });
    const provider = paymentProvider(ctx);
    const headers = {
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(ctx.options.siteUrl).origin}; frame-ancestors 'none'; base-uri 'none'`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    };

    scoped.get(
      '/payments/sandbox/card',
      { config: { siteless: true }, schema: { hide: true, querystring: cardPageQuery } },
      async (request, reply) => {
        const { SIG, custom1: _login, ...fields } = request.query;
        if (!provider.verifyRequest(fields, SIG)) {
          return reply
            .code(403)
            .headers(headers)
            .type('text/html')
            .send('<p>Invalid payment request signature.</p>');
        }
        const [order] = await ctx.db
          .select()
          .from(creditOrders)
          .where(eq(creditOrders.reference, fields.REF));
        const name = (order && findPackage(order.packageId)?.name) ?? 'Flirtlane';
        return reply
          .headers(headers)
          .type('text/html')
          .send(sandboxCardPage({ fields: request.query, packageName: name }));
      },
    );

    scoped.post(
      '/payments/sandbox/card',
      { config: { siteless: true }, schema: { hide: true, body: cardForm } },
      async (request, reply) => {
        const { SIG, card_number, expiry, cvc, custom1: login, ...fields } = request.body;
        if (!provider.verifyRequest(fields, SIG)) {
          return reply
            .code(403)
            .headers(headers)
            .type('text/html')
            .send('<p>Invalid payment request signature.</p>');
        }
        const charge = chargeSandboxCard({ card_number, expiry, cvc });
        if ('error' in charge) {
          const [order] = await ctx.db
            .select()
            .from(creditOrders)
            .where(eq(creditOrders.reference, fields.REF));
          const name = (order && findPackage(order.packageId)?.name) ?? 'Flirtlane';
          const page = sandboxCardPage({
            fields: { ...fields, SIG },
            packageName: name,
            error: charge.error,
          });
          return reply.code(422).headers(headers).type('text/html').send(page);
        }
        const unsigned = {
          ...fields,
          TYP: NOTIFICATION_TYPES.payment,
          RES: charge.res,
          TID: sandboxTransactionId(),
          OID: fields.REF,
          TSS: new Date().toISOString(),
        };
        const notification = { ...unsigned, SIG: provider.signNotification(unsigned) };
        // Notify through the HTTP endpoint, exactly as TrustPay's servers would.
        const notifyUrl = request.url.replace(
          /\/payments\/sandbox\/card(\?.*)?$/,
          '/payments/trustpay/notification',
        );
        const answer = await request.server.inject({
          method: 'POST',
          url: notifyUrl,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(notification).toString(),
        });
        if (answer.statusCode !== 200)
          request.log.warn({ status: answer.statusCode, ref: fields.REF }, 'sandbox notification refused');
        const back = new URL(BILLING_PATHS.trustpayStatus, ctx.options.siteUrl);
        back.searchParams.set('REF', fields.REF);
        back.searchParams.set('RES', charge.res);
        if (login) back.searchParams.set('custom1', login);
        return reply.code(303).headers(headers).redirect(back.toString());
      },
    );
  });
}
