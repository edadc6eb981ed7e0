import { join } from 'node:path';
import { TokenSigner } from './auth/access-tokens';
import { EmailTokens } from './auth/email-tokens';
import { LoginThrottle } from './auth/login-throttle';
import { MemberCache } from './auth/member-cache';
import { PasswordHasher } from './auth/passwords';
import { SessionService } from './auth/sessions';
import { type CaptchaVerifier, captchaVerifier } from './captcha/captcha';
import type { Database, Db } from './db/database';
import type { SiteRow } from './db/schema';
import { RateLimiter } from './http/rate-limiter';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { conversationChannelRule } from './messaging/channel-rule';
import { NotificationWriter } from './notifications/notification-writer';
import type { ResolvedApiOptions } from './options';
import { PhotoStore } from './photos/photo-store';
import { PhotoUrls } from './photos/photo-urls';
import { memberChannelRules } from './realtime/channel-access';
import { broadcastNotifications, buildRealtime, type RealtimeServices } from './realtime/realtime-services';
import { SiteDirectory } from './site-settings';

/** The services route handlers share; built once per `createApi`. */
export interface AppContext {
  options: ResolvedApiOptions;
  database: Database;
  db: Db;
  sites: SiteDirectory;
  defaultSite: SiteRow;
  signer: TokenSigner;
  passwords: PasswordHasher;
  sessions: SessionService;
  /** Checked sign-ins, dropped in every process when the member or a session changes. */
  members: MemberCache;
  throttle: LoginThrottle;
  /** The one atomic rate limiter (database counters shared by every API process). */
  limits: RateLimiter;
  emailTokens: EmailTokens;
  mailer: Mailer;
  outboxDir: string;
  photoStore: PhotoStore;
  photoUrls: PhotoUrls;
  notifications: NotificationWriter;
  realtime: RealtimeServices;
  /** The configured captcha provider (src/captcha/). */
  captcha: CaptchaVerifier;
}

export async function buildContext(options: ResolvedApiOptions, database: Database): Promise<AppContext> {
  const db = database.db;
  const sites = new SiteDirectory(db);
  const defaultSite = await sites.ensureSite(options.defaultSite.key, options.defaultSite.name);
  const signer = new TokenSigner(options.jwtSecret);
  const outboxDir = join(options.dataDir, 'outbox');
  const limits = new RateLimiter(db);
  const members = new MemberCache();
  await members.follow(database);
  const realtime = buildRealtime({
    app: { ...options.realtimeApp, key: options.realtime.key },
    broadcaster: options.broadcaster,
    httpApi: options.realtimeHttpApi,
    channelRules: [...memberChannelRules(), conversationChannelRule(db)],
  });
  return {
    options,
    database,
    db,
    sites,
    defaultSite,
    signer,
    passwords: new PasswordHasher(options.passwordHashing),
    sessions: new SessionService(db, signer, options, members),
    members,
    throttle: new LoginThrottle(db, options.loginThrottle, limits),
    limits,
    emailTokens: new EmailTokens(db),
    mailer: options.smtpUrl
      ? smtpMailer(options.smtpUrl, options.mailFrom)
      : outboxMailer(outboxDir, options.mailFrom),
    outboxDir,
    photoStore: new PhotoStore(options.dataDir),
    photoUrls: new PhotoUrls(options.apiUrl, options.jwtSecret),
    notifications: new NotificationWriter(
      db,
      broadcastNotifications(realtime, options.onNotificationCreated),
      (error) => console.error('notification hook failed', error),
    ),
    realtime,
    captcha: captchaVerifier(options.captcha),
  };
}
