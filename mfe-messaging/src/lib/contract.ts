import type {
  DEFAULT_MESSAGE_PRICES,
  echoChannels,
  INSUFFICIENT_CREDITS_FIELD,
  INSUFFICIENT_CREDITS_STATUS,
  MESSAGE_EVENTS,
} from '@ukd/contracts/api';

/*
 * The contract's constants, restated here with type checks against `@ukd/contracts/api`: a
 * value import from there would bring its zod schemas (and zod) into this remote's bundle.
 * If the contract changes a value, this file stops compiling.
 */

export const MESSAGE_SENT_EVENT: (typeof MESSAGE_EVENTS)['sent'] = 'message.sent';
export const MESSAGE_READ_EVENT: (typeof MESSAGE_EVENTS)['read'] = 'message.read';
export const INSUFFICIENT_CREDITS: typeof INSUFFICIENT_CREDITS_STATUS = 402;
export const CREDITS_FIELD: typeof INSUFFICIENT_CREDITS_FIELD = 'credits';
/** Where a member without enough credits goes (SPEC §4: no selected package -> /credits/package). */
export const BUY_CREDITS_PATH = '/credits/package';

export const conversationChannel: (typeof echoChannels)['conversation'] = (uuid) => `conversation.${uuid}`;

/** The default prices, for the composer's labels until `GET /message-prices` answers. */
export const DEFAULT_PRICES: { -readonly [K in keyof typeof DEFAULT_MESSAGE_PRICES]: number } = {
  text: 1,
  image: 2,
  wink: 1,
  trigger: 1,
};
