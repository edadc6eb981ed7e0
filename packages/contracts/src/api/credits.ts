import { z } from 'zod';
import { MESSAGE_TYPES } from './constants';

/**
 * Credits pay for messages (SPEC §1). The balance is an append-only ledger (`credit_ledger`):
 * every change is one entry `{ delta, reason, reference }`; `User.credits` is the ledger's sum
 * (a balance cached on the member row, written in the same transaction as each entry).
 */
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

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
