import { z } from 'zod';

/**
 * Credits pay for messages (SPEC §1). The balance is an append-only ledger (`credit_ledger`):
 * every change is one entry `{ delta, reason, reference }`; `User.credits` is the ledger's sum
 * (a balance cached on the member row, written in the same transaction as each entry).
 */
export const MESSAGE_TYPES = ['text', 'image', 'wink', 'trigger'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

/**
 * Credits one message costs, by type. These are the defaults; each site may override them with
 * the settings `message_price.text`, `message_price.image`, `message_price.wink`,
 * `message_price.trigger` (non-negative integers). A member holding the 24-hour unlimited pass
 * (`User.has_unli_message`) sends every type for 0.
 */
export const DEFAULT_MESSAGE_PRICES = {
  text: 1,
  image: 2,
  wink: 1,
  trigger: 1,
} as const satisfies Record<MessageType, number>;
export type MessagePrices = Record<MessageType, number>;

/** Why a ledger entry was written. */
export const CREDIT_REASONS = [
  'opening_balance',
  'message',
  'purchase',
  'refund',
  'adjustment',
  'promotion',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/**
 * A refused send for lack of credits: HTTP 402 (Payment Required) with
 * `{ message: INSUFFICIENT_CREDITS_MESSAGE, errors: { credits: [INSUFFICIENT_CREDITS_MESSAGE] } }`.
 * Nothing is stored and nothing is debited. The UI turns a 402 (or `errors.credits`) into
 * "buy credits" (`/credits/package`).
 */
export const INSUFFICIENT_CREDITS_STATUS = 402;
export const INSUFFICIENT_CREDITS_FIELD = 'credits';
export const INSUFFICIENT_CREDITS_MESSAGE = 'You do not have enough credits to send this message.';

/** `GET /api/message-prices` (bearer): the prices that apply to the member right now. */
export const messagePricesResponseSchema = z.object({
  data: z.object({
    prices: z.object({
      text: z.number().int(),
      image: z.number().int(),
      wink: z.number().int(),
      trigger: z.number().int(),
    }),
    /** True while the unlimited pass makes every send free (prices above are then all 0). */
    has_unli_message: z.boolean(),
    credits: z.number().int(),
  }),
});
export type MessagePricesResponse = z.infer<typeof messagePricesResponseSchema>;
