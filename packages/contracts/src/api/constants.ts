// The API's names and numbers without zod (channels, events, limits, prices, the 402 answer), so
// code that only needs them (the shell's member chunk, remotes) does not download the schema library.

/**
 * Realtime channels (Pusher protocol names, prefix included). With laravel-echo, drop the
 * prefix: `echo.private('notifications.user.' + uuid)` subscribes to
 * `private-notifications.user.{uuid}`, `echo.join('online')` to `presence-online`.
 * Every channel is authorised by `POST /api/broadcasting/auth`: a member may join only their
 * own user channels, the conversations they take part in, and `presence-online`.
 */
export const realtimeChannels = {
  /** New user notifications of one member: event `notification.created`. */
  notifications: (userUuid: string) => `private-notifications.user.${userUuid}`,
  /** Credit balance changes of one member: event `CreditsEarned`. */
  credits: (userUuid: string) => `private-credits.user.${userUuid}`,
  /** Unlimited-messaging pass of one member (joined when `User.rv` is absent): event `DurationUpdated`. */
  duration: (userUuid: string) => `private-duration.user.${userUuid}`,
  /** One conversation, for its two participants (events defined by the messaging issue). */
  conversation: (conversationUuid: string) => `private-conversation.${conversationUuid}`,
  /** Who is online: every member joins it; `GET /api/onlines/count` reads its user count. */
  online: 'presence-online',
} as const;

/** The same channels as laravel-echo names them (`echo.private(name)` / `echo.join(name)`). */
export const echoChannels = {
  notifications: (userUuid: string) => `notifications.user.${userUuid}`,
  credits: (userUuid: string) => `credits.user.${userUuid}`,
  duration: (userUuid: string) => `duration.user.${userUuid}`,
  conversation: (conversationUuid: string) => `conversation.${conversationUuid}`,
  online: 'online',
} as const;

/**
 * Event names as published. Echo prefixes names with a namespace unless they start with a dot,
 * so listen with `.listen('.notification.created', …)` / `.listen('.CreditsEarned', …)`.
 */
export const REALTIME_EVENTS = {
  notificationCreated: 'notification.created',
  creditsEarned: 'CreditsEarned',
  durationUpdated: 'DurationUpdated',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** `GET /api/user-notifications` default page size. */
export const USER_NOTIFICATIONS_PAGE_SIZE = 15;

/** Limits of a message send. */
export const MESSAGE_LIMITS = {
  /** Characters of a text (or trigger) body after trimming. */
  bodyMax: 2000,
  /** Messages one member may send within `rateWindowSeconds`; more answer 429. */
  ratePerWindow: 30,
  rateWindowSeconds: 60,
  /** Image messages: the photo pipeline's limits (`PHOTO_LIMITS`: 10 MB, 40 MP, ≥ 200 px, JPEG/PNG/WebP/HEIC/AVIF by content). */
  imageField: 'image',
  /** Page size of `GET …/messages` (default and maximum `limit`). */
  pageSize: 50,
  maxPageSize: 100,
} as const;

/** Realtime events on `private-conversation.{uuid}` (listen with a leading dot in Echo: `.message.sent`). */
export const MESSAGE_EVENTS = {
  /** A stored message (payload: Message, `viewer_id` null); published after commit. */
  sent: 'message.sent',
  /** The recipient read messages up to an id (payload: MessagesReadEvent). */
  read: 'message.read',
  /** Client event (whisper) for the typing indicator; throttle to one every 3 s. */
  typing: 'client-typing',
} as const;

export const MESSAGE_TYPES = ['text', 'image', 'wink', 'trigger'] as const;

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
} as const satisfies MessagePrices;
export type MessagePrices = Record<(typeof MESSAGE_TYPES)[number], number>;

/**
 * A refused send for lack of credits: HTTP 402 (Payment Required) with
 * `{ message: INSUFFICIENT_CREDITS_MESSAGE, errors: { credits: [INSUFFICIENT_CREDITS_MESSAGE] } }`.
 * Nothing is stored and nothing is debited. The UI turns a 402 (or `errors.credits`) into
 * "buy credits" (`/credits/package`).
 */
export const INSUFFICIENT_CREDITS_STATUS = 402;
export const INSUFFICIENT_CREDITS_FIELD = 'credits';
export const INSUFFICIENT_CREDITS_MESSAGE = 'You do not have enough credits to send this message.';
/** Where a member without enough credits goes (SPEC §4: no selected package -> /credits/package). */
export const BUY_CREDITS_PATH = '/credits/package';

/**
 * Billing (issue #12). Every price is owned by the API (`GET /api/credit-packages`); the client
 * only ever names a package id, never an amount.
 */
export const CREDIT_PACKAGE_IDS = [
  'credits-20',
  'credits-50',
  'credits-120',
  'credits-300',
  'pass-24h',
  'vip-monthly',
  // Seasonal offers: sold only while the site runs an event (SPEC: 1000 and 2500 credit gift boxes).
  'offer-1000',
  'offer-2500',
] as const;
export type CreditPackageId = (typeof CREDIT_PACKAGE_IDS)[number];

/** What a package buys: credits, the 24-hour unlimited-messaging pass, or 30 days of VIP. */
export const CREDIT_PACKAGE_KINDS = ['credits', 'pass', 'vip'] as const;

/** Life of a purchase: pending until the provider's signed notification says otherwise. */
export const CREDIT_ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'charged_back'] as const;

/** The billing pages (mfe-billing). */
export const BILLING_PATHS = {
  prices: '/prices',
  choosePackage: '/credits/package',
  checkout: '/credits/buy',
  paymentStatus: '/payment-status',
  trustpayStatus: '/trustpay-status',
  history: '/credits/history',
  vip: '/vip',
} as const;

/** A purchase's state in the member's words (purchase history on /credits/history and /account). */
export const CREDIT_ORDER_STATUS_LABELS = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Not completed',
  refunded: 'Refunded',
  charged_back: 'Charged back',
} as const;

/** Captcha providers: `test` always passes (the embedded default) but its token is still checked. */
export const CAPTCHA_PROVIDERS = ['test', 'turnstile', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/**
 * The captcha every protected form sends as one field, `captcha` (registration, help requests,
 * contact, affiliate sign-up). A missing or rejected token is a 422 on that field.
 */
export const CAPTCHA = {
  field: 'captcha',
  /** The only token the `test` provider accepts. */
  testToken: 'test-captcha-pass',
  scripts: {
    turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    /** reCAPTCHA v3: the site key is part of the script's address, so one page holds one key. */
    recaptcha: 'https://www.google.com/recaptcha/api.js?render=',
  },
  messages: {
    required: 'Please complete the captcha.',
    rejected: 'The captcha check failed. Please try again.',
    unavailable: 'We could not check the captcha just now. Please try again.',
    /** SPEC §8. */
    differentKey: 'reCAPTCHA already loaded with different site key!',
  },
} as const;

/** Where each provider's script, frames and calls come from: the site's CSP allows them only when that provider is configured. */
export const CAPTCHA_SOURCES: Record<
  Exclude<CaptchaProvider, 'test'>,
  { script: string[]; frame: string[]; connect: string[] }
> = {
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
  // Google's documented CSP for reCAPTCHA.
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
};
