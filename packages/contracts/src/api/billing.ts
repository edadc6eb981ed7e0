import { z } from 'zod';
import { CREDIT_ORDER_STATUSES, CREDIT_PACKAGE_IDS, CREDIT_PACKAGE_KINDS } from './constants';

/**
 * Buying credits, the 24-hour pass and VIP (issue #12). Prices are in GBP pence, VAT included;
 * the server owns them all. Credits land only on the provider's signed notification.
 */
export const creditPackageIdSchema = z.enum(CREDIT_PACKAGE_IDS);
export const creditPackageKindSchema = z.enum(CREDIT_PACKAGE_KINDS);
export const creditOrderStatusSchema = z.enum(CREDIT_ORDER_STATUSES);
export type CreditOrderStatus = z.infer<typeof creditOrderStatusSchema>;

export const creditPackageSchema = z.object({
  id: creditPackageIdSchema,
  kind: creditPackageKindSchema,
  name: z.string(),
  description: z.string(),
  /** Credits added to the balance (VIP includes a monthly allowance; the pass adds none). */
  credits: z.number().int(),
  /** Price in pence, VAT included. */
  amount_pence: z.number().int(),
  /** The same price as the provider's AMT, e.g. `"19.99"`. */
  amount: z.string(),
  currency: z.literal('GBP'),
  /** Pence per credit, one decimal (null when the package adds no credits). */
  price_per_credit_pence: z.number().nullable(),
  best_value: z.boolean(),
  /** How long a pass or VIP lasts (null for credits, which never expire). */
  duration_hours: z.number().int().nullable(),
  /** The seasonal event a discounted offer belongs to (listed and sold only during it), else null. */
  offer_event: z.string().nullable(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

/** `GET /api/credit-packages` (public). */
export const creditPackagesResponseSchema = z.object({
  data: z.object({
    packages: z.array(creditPackageSchema),
    /** Credits per message type on this site. */
    message_prices: z.object({
      text: z.number().int(),
      image: z.number().int(),
      wink: z.number().int(),
      trigger: z.number().int(),
    }),
    vat_included: z.literal(true),
  }),
});
export type CreditPackagesResponse = z.infer<typeof creditPackagesResponseSchema>;

export const creditOrderSchema = z.object({
  reference: z.string(),
  package_id: creditPackageIdSchema,
  package_name: z.string(),
  kind: creditPackageKindSchema,
  credits: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: creditOrderStatusSchema,
  /** Why a payment failed, in plain words (null unless failed). */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type CreditOrder = z.infer<typeof creditOrderSchema>;

/** `POST /api/credit-orders` body: a package and a key the client keeps for this checkout. */
export const createCreditOrderBodySchema = z.object({
  package_id: creditPackageIdSchema,
  /** Same key again (double click, Back, reload) answers the same order: never two charges. */
  client_key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type CreateCreditOrderBody = z.infer<typeof createCreditOrderBodySchema>;

export const createCreditOrderResponseSchema = z.object({
  data: z.object({
    order: creditOrderSchema,
    /** The provider's hosted card page (AID, AMT, CUR, REF, SIG in the query). */
    redirect_url: z.string(),
  }),
});
export type CreateCreditOrderResponse = z.infer<typeof createCreditOrderResponseSchema>;

/** `GET /api/credit-orders/{reference}`: the order and the member's balance now. */
export const creditOrderStatusResponseSchema = z.object({
  data: z.object({
    order: creditOrderSchema,
    credits: z.number().int(),
    has_unli_message: z.boolean(),
    unli_message_until: z.string().nullable(),
    vip_until: z.string().nullable(),
  }),
});
export type CreditOrderStatusResponse = z.infer<typeof creditOrderStatusResponseSchema>;

/** `GET /api/credit-orders`: the member's purchase history, newest first. */
export const creditOrderHistoryResponseSchema = z.object({ data: z.array(creditOrderSchema) });
export type CreditOrderHistoryResponse = z.infer<typeof creditOrderHistoryResponseSchema>;

/**
 * `POST /api/payments/trustpay/notification`: TrustPay's server-to-server notification
 * (form-encoded or JSON). SIG = upper hex HMAC-SHA256(secret, AID+TYP+AMT+CUR+REF+RES+TID+OID+TSS).
 */
export const TRUSTPAY_NOTIFICATION_FIELDS = [
  'AID',
  'TYP',
  'AMT',
  'CUR',
  'REF',
  'RES',
  'TID',
  'OID',
  'TSS',
] as const;
export const trustpayNotificationSchema = z.object({
  AID: z.string().max(64),
  TYP: z.string().max(16),
  AMT: z.string().max(32),
  CUR: z.string().max(8),
  REF: z.string().max(64),
  RES: z.string().max(16),
  TID: z.string().max(64),
  OID: z.string().max(64),
  TSS: z.string().max(64),
  SIG: z.string().max(128),
});
export type TrustpayNotification = z.infer<typeof trustpayNotificationSchema>;

/** `GET /api/vip`: the member's VIP membership (30 days per purchase; it never renews by itself). */
export const vipStatusResponseSchema = z.object({
  data: z.object({ active: z.boolean(), until: z.string().nullable() }),
});
export type VipStatusResponse = z.infer<typeof vipStatusResponseSchema>;
