import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { MESSAGE_LIMITS } from '@ukd/contracts/api';
import {
  type BillingOptions,
  billingOptionsFromEnv,
  type ResolvedBillingOptions,
  resolveBillingOptions,
} from './billing/billing-config';
import {
  type CaptchaOptions,
  captchaOptionsFromEnv,
  type ResolvedCaptchaOptions,
  resolveCaptchaOptions,
} from './captcha/captcha-config';
import { connectionsPerProcess, poolSizeFromEnv } from './db/pool-size';
import type { NotificationCreatedHook } from './notifications/notification-writer';
import { persistedSecret } from './persisted-secret';
import type { Broadcaster } from './realtime/broadcaster';
import { DEFAULT_REALTIME_APP_ID, persistedRealtimeSecret } from './realtime/realtime-app';
import { type AnalyticsTags, analyticsTagsFromEnv } from './settings/analytics-tags';

export interface ThrottleRule {
  /** Failed attempts allowed inside one window. */
  maxAttempts: number;
  /** Length of the window, and of the lock-out once the limit is reached. */
  decaySeconds: number;
}

export interface ApiOptions {
  /** Where PGlite data, the mail outbox and generated secrets live. */
  dataDir: string;
  /** `postgres://…` for PostgreSQL, `memory://` for an in-memory PGlite; unset: PGlite under dataDir. */
  databaseUrl?: string;
  /** Public origin of the site; links in emails point here. */
  siteUrl: string;
  /** Public base URL of this API (default `${siteUrl}/api`), used for asset URLs such as avatars. */
  apiUrl?: string;
  /** Create the demo members when the database has no members yet. */
  seedDemoData?: boolean;
  /** Send mail through this SMTP server; unset: write mail to `${dataDir}/outbox`. */
  smtpUrl?: string;
  mailFrom?: string;
  /** HS256 signing secret (at least 32 characters); unset: generated once and kept under dataDir. */
  jwtSecret?: string;
  /** The site created at startup when missing. */
  defaultSite?: { key: string; name: string };
  realtime?: { key: string; host: string; port: number; scheme: 'ws' | 'wss' };
  /**
   * Who checks the captcha on sign-up and support forms (src/captcha/): `test` (default) accepts
   * only `CAPTCHA.testToken`; `turnstile` and `recaptcha` verify with the provider over HTTPS and
   * need their site key and secret.
   */
  captcha?: CaptchaOptions;
  /** Who runs the site and how to reach them, for the contact page and support mail. */
  support?: { email?: string; companyName?: string; companyAddress?: string };
  loginThrottle?: { perAccount: ThrottleRule; perIp: ThrottleRule };
  /**
   * Registrations (attempts, "already taken" answers included) per client IP and window
   * (default 60 an hour: `REGISTRATION_LIMIT_PER_IP=60/3600`): keeps "has already been taken"
   * from being an address oracle at scale.
   */
  registrationLimit?: ThrottleRule;
  /** Serve the OpenAPI document at `GET /api/docs` (default off: `API_DOCS=1`). */
  apiDocs?: boolean;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  sessionMaxAgeSeconds?: number;
  /** Argon2id cost; lower it only in tests. */
  passwordHashing?: { memoryCost: number; timeCost: number };
  /** PostgreSQL connections of this process (default: `connectionsPerProcess`, two per core over the processes). */
  dbPoolSize?: number;
  /**
   * Photo moderation: `pre` (default) keeps new photos pending until an operator approves them
   * (`cli photos approve`); `post` shows them at once and operators reject afterwards.
   */
  photoModeration?: 'pre' | 'post';
  /**
   * Called after every stored user notification (views, likes, favourites, winks, …): the hook
   * the realtime issue uses to broadcast them. Default: nothing.
   */
  onNotificationCreated?: NotificationCreatedHook;
  /**
   * The realtime app the API signs channel auth and HTTP API calls for (its key is `realtime.key`).
   * Default id `flirtlane`; default secret: generated once under `${dataDir}/secrets/realtime-secret`.
   */
  realtimeApp?: { id: string; secret?: string };
  /** Publishes realtime events; the site server passes its in-process realtime server's. */
  broadcaster?: Broadcaster;
  /** Without `broadcaster`: publish through this Pusher HTTP API; neither given: events go nowhere. */
  realtimeHttpApi?: { host: string; port: number; useTls: boolean };
  /** Messages one member may send per window before a 429 (default 30 a minute: `MESSAGE_LIMITS`). */
  messageRateLimit?: { perWindow: number; windowSeconds: number };
  /** Payments provider, TrustPay account and welcome credits (src/billing/billing-config.ts). */
  billing?: BillingOptions;
  /** Analytics and ads tag ids (`ANALYTICS_ID`, `ADS_ID`), loaded by consenting browsers only. */
  tags?: AnalyticsTags;
}

export type ResolvedApiOptions = Required<
  Omit<
    ApiOptions,
    | 'databaseUrl'
    | 'smtpUrl'
    | 'realtimeApp'
    | 'broadcaster'
    | 'realtimeHttpApi'
    | 'billing'
    | 'captcha'
    | 'support'
  >
> & {
  captcha: ResolvedCaptchaOptions;
  support: { email: string; companyName: string; companyAddress: string };
  billing: ResolvedBillingOptions;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  realtimeApp: { id: string; secret: string };
  broadcaster: Broadcaster | undefined;
  realtimeHttpApi: { host: string; port: number; useTls: boolean } | undefined;
};

export const DEFAULT_SITE = { key: 'ukdating-site01', name: 'Flirtlane' } as const;

/** The operating company shown on the contact page until `COMPANY_NAME` / `COMPANY_ADDRESS` say otherwise. */
export const DEFAULT_COMPANY = {
  name: 'Flirtlane Ltd',
  address: 'Unit 12, Canal Wharf, 14 Water Lane, Leeds LS11 5PS, United Kingdom',
} as const;

const DEFAULT_LOGIN_THROTTLE = {
  // 5 per 5 minutes keeps an account under ASVS's 100 failures an hour while a real member
  // who mistypes is locked out for minutes, not hours (a lock-out is also an attacker's weapon).
  perAccount: { maxAttempts: 5, decaySeconds: 300 },
  perIp: { maxAttempts: 50, decaySeconds: 300 },
};

// OWASP's argon2id minimum (19 MiB, 2 passes): ~30 ms per hash on this class of machine.
const DEFAULT_HASHING = { memoryCost: 19_456, timeCost: 2 };

export function resolveApiOptions(options: ApiOptions): ResolvedApiOptions {
  const dataDir = resolve(options.dataDir);
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  return {
    dataDir,
    databaseUrl: options.databaseUrl,
    siteUrl,
    apiUrl: (options.apiUrl ?? `${siteUrl}/api`).replace(/\/+$/, ''),
    seedDemoData: options.seedDemoData ?? false,
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom ?? `Flirtlane <no-reply@${new URL(siteUrl).hostname}>`,
    jwtSecret:
      options.jwtSecret ??
      persistedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    defaultSite: options.defaultSite ?? DEFAULT_SITE,
    realtime: options.realtime ?? sameOriginRealtime(siteUrl),
    captcha: resolveCaptchaOptions(options.captcha),
    support: {
      email: options.support?.email || `support@${new URL(siteUrl).hostname.replace(/^www\./, '')}`,
      companyName: options.support?.companyName || DEFAULT_COMPANY.name,
      companyAddress: options.support?.companyAddress || DEFAULT_COMPANY.address,
    },
    loginThrottle: options.loginThrottle ?? DEFAULT_LOGIN_THROTTLE,
    registrationLimit: options.registrationLimit ?? { maxAttempts: 60, decaySeconds: 3600 },
    apiDocs: options.apiDocs ?? false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 15 * 60,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 14 * 24 * 3600,
    sessionMaxAgeSeconds: options.sessionMaxAgeSeconds ?? 30 * 24 * 3600,
    passwordHashing: options.passwordHashing ?? DEFAULT_HASHING,
    dbPoolSize: options.dbPoolSize ?? connectionsPerProcess(),
    photoModeration: options.photoModeration ?? 'pre',
    onNotificationCreated: options.onNotificationCreated ?? (() => {}),
    realtimeApp: {
      id: options.realtimeApp?.id ?? DEFAULT_REALTIME_APP_ID,
      secret: options.realtimeApp?.secret || persistedRealtimeSecret(dataDir),
    },
    broadcaster: options.broadcaster,
    realtimeHttpApi: options.realtimeHttpApi,
    messageRateLimit: options.messageRateLimit ?? {
      perWindow: MESSAGE_LIMITS.ratePerWindow,
      windowSeconds: MESSAGE_LIMITS.rateWindowSeconds,
    },
    billing: resolveBillingOptions(options.billing, dataDir),
    tags: options.tags ?? { analyticsId: '', adsId: '' },
  };
}

/** The embedded server hosts the realtime server on the site's own origin. */
function sameOriginRealtime(siteUrl: string): ResolvedApiOptions['realtime'] {
  const url = new URL(siteUrl);
  const tls = url.protocol === 'https:';
  return {
    key: 'flirtlane-key',
    host: url.hostname,
    port: Number(url.port) || (tls ? 443 : 80),
    scheme: tls ? 'wss' : 'ws',
  };
}

/** `"5/300"`: 5 failed attempts per 300 seconds. */
function throttleRule(value: string | undefined): ThrottleRule | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return undefined;
  return { maxAttempts: Number(match[1]), decaySeconds: Number(match[2]) };
}

function intFromEnv(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : fallback;
}

/** Reads the options from the environment (DATA_DIR, DATABASE_URL, SITE_URL, SMTP_URL, JWT_SECRET, …). */
export function loadApiOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ApiOptions {
  const dataDir = env.DATA_DIR || '.data';
  const options: ApiOptions = {
    dataDir,
    siteUrl: env.SITE_URL || 'http://localhost:3000',
    seedDemoData: env.SEED_DEMO_DATA
      ? env.SEED_DEMO_DATA !== 'false' && env.SEED_DEMO_DATA !== '0'
      : !env.DATABASE_URL,
  };
  if (env.DATABASE_URL) options.databaseUrl = env.DATABASE_URL;
  if (env.API_URL) options.apiUrl = env.API_URL;
  if (env.SMTP_URL) options.smtpUrl = env.SMTP_URL;
  if (env.MAIL_FROM) options.mailFrom = env.MAIL_FROM;
  if (env.JWT_SECRET) options.jwtSecret = env.JWT_SECRET;
  if (env.REALTIME_APP_KEY || env.REALTIME_HOST || env.REALTIME_PORT) {
    const fallback = sameOriginRealtime(options.siteUrl);
    options.realtime = {
      key: env.REALTIME_APP_KEY || fallback.key,
      host: env.REALTIME_HOST || fallback.host,
      port: intFromEnv(env.REALTIME_PORT, fallback.port),
      scheme:
        env.REALTIME_SCHEME === 'wss' || env.REALTIME_SCHEME === 'ws' ? env.REALTIME_SCHEME : fallback.scheme,
    };
  }
  // Standalone, events go through the Pusher HTTP API (REALTIME_API_* when it is reached at
  // another address than the browsers use), signed with REALTIME_APP_ID / REALTIME_APP_SECRET.
  const publicRealtime = options.realtime ?? sameOriginRealtime(options.siteUrl);
  options.realtimeApp = {
    id: env.REALTIME_APP_ID || DEFAULT_REALTIME_APP_ID,
    ...(env.REALTIME_APP_SECRET ? { secret: env.REALTIME_APP_SECRET } : {}),
  };
  options.realtimeHttpApi = {
    host: env.REALTIME_API_HOST || publicRealtime.host,
    port: intFromEnv(env.REALTIME_API_PORT, publicRealtime.port),
    useTls: env.REALTIME_API_TLS ? env.REALTIME_API_TLS === 'true' : publicRealtime.scheme === 'wss',
  };
  options.captcha = captchaOptionsFromEnv(env);
  options.support = {
    ...(env.SUPPORT_EMAIL ? { email: env.SUPPORT_EMAIL } : {}),
    ...(env.COMPANY_NAME ? { companyName: env.COMPANY_NAME } : {}),
    ...(env.COMPANY_ADDRESS ? { companyAddress: env.COMPANY_ADDRESS } : {}),
  };
  options.dbPoolSize = poolSizeFromEnv(env);
  // `MESSAGE_RATE_LIMIT=30/60`: messages per member per window of seconds.
  const rate = /^(\d{1,6})\/(\d{1,6})$/.exec(env.MESSAGE_RATE_LIMIT ?? '');
  if (rate) options.messageRateLimit = { perWindow: Number(rate[1]), windowSeconds: Number(rate[2]) };
  if (env.PHOTO_MODERATION === 'pre' || env.PHOTO_MODERATION === 'post') {
    options.photoModeration = env.PHOTO_MODERATION;
  }
  options.billing = billingOptionsFromEnv(env);
  options.tags = analyticsTagsFromEnv(env);
  if (env.API_DOCS === '1' || env.API_DOCS === 'true') options.apiDocs = true;
  const registrationLimit = throttleRule(env.REGISTRATION_LIMIT_PER_IP);
  if (registrationLimit) options.registrationLimit = registrationLimit;
  const perAccount = throttleRule(env.LOGIN_THROTTLE_PER_ACCOUNT);
  const perIp = throttleRule(env.LOGIN_THROTTLE_PER_IP);
  if (perAccount || perIp) {
    const defaults = DEFAULT_LOGIN_THROTTLE;
    options.loginThrottle = { perAccount: perAccount ?? defaults.perAccount, perIp: perIp ?? defaults.perIp };
  }
  return options;
}
