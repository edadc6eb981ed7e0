import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyticsTagsFromEnv, createApi, inProcessBroadcaster, loadApiOptionsFromEnv } from '@ukd/api';
import { createRealtimeServer } from '@ukd/realtime-server';
import type { FastifyInstance } from 'fastify';
import { realtimeCredentials } from './realtime-credentials';
import { captchaSources, originOf } from './security-headers';
import { createSiteServer } from './site-server';
import { tagSources } from './tag-sources';

export interface EmbeddedSiteOptions {
  siteDir: string;
  /** Where PGlite data, secrets and the mail outbox live. */
  dataDir: string;
  port: number;
  logLevel?: string;
  /** Extra routes and hooks before the server starts (development's hot-update event stream). */
  extend?(app: FastifyInstance): void;
  /**
   * Where the rest of the configuration is read (the API's, the realtime app's, TRUST_PROXY,
   * HOST): `process.env` unless given. Read only: what this function decides (the data folder,
   * the site URL) is passed on explicitly, never written back into the environment.
   */
  env?: NodeJS.ProcessEnv;
  /** `npm run dev`: the Content-Security-Policy lets hot updates evaluate code and inject styles. */
  development?: boolean;
}

/** TLS_KEY and TLS_CERT (PEM files): the site serves https, HTTP/2 first. */
export function tlsFromEnv(env: NodeJS.ProcessEnv): { key: Buffer; cert: Buffer } | undefined {
  if (!env.TLS_KEY && !env.TLS_CERT) return undefined;
  if (!env.TLS_KEY || !env.TLS_CERT) throw new Error('TLS needs both TLS_KEY and TLS_CERT (PEM files)');
  return { key: readFileSync(env.TLS_KEY), cert: readFileSync(env.TLS_CERT) };
}

/** TrustPay's card page when PAYMENTS_PROVIDER=trustpay and TRUSTPAY_URL is unset (the API's default). */
const DEFAULT_TRUSTPAY_URL = 'https://amapi.trustpay.eu/mapi5/Card/Pay';

/** Where the payment provider's page is, when it is not the API's own sandbox (same origin). */
function paymentOrigins(env: NodeJS.ProcessEnv): string[] {
  if (env.PAYMENTS_PROVIDER !== 'trustpay') return [];
  const origin = originOf(env.TRUSTPAY_URL || DEFAULT_TRUSTPAY_URL);
  return origin ? [origin] : [];
}

/** An API or realtime server the browser reaches on another origin (API_URL, REALTIME_HOST). */
function elsewhereOrigins(env: NodeJS.ProcessEnv): string[] {
  const origins: string[] = [];
  const api = originOf(env.API_URL);
  if (api) origins.push(api);
  if (env.REALTIME_HOST) {
    const scheme = env.REALTIME_SCHEME === 'wss' ? 'wss' : 'ws';
    origins.push(`${scheme}://${env.REALTIME_HOST}${env.REALTIME_PORT ? `:${env.REALTIME_PORT}` : ''}`);
  }
  return origins;
}

/**
 * Browser origins allowed to open a realtime socket: ALLOWED_ORIGINS when set, otherwise only the
 * site's own, so no other site's page can open a socket with a visitor's cookies or IP.
 */
export function allowedSocketOrigins(env: NodeJS.ProcessEnv, siteUrl: string): string[] {
  const listed = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (listed.length > 0) return listed;
  const own = originOf(siteUrl);
  return own ? [own] : [];
}

/**
 * The whole site in one process: the built shell and remotes, the JSON API at /api and the
 * realtime server on the same origin. `npm start` and `npm run dev` both start it.
 */
export async function startEmbeddedSite(options: EmbeddedSiteOptions) {
  const env = options.env ?? process.env;
  const dataDir = resolve(options.dataDir);
  const tls = tlsFromEnv(env);
  const siteUrl = env.SITE_URL ?? `${tls ? 'https' : 'http'}://localhost:${options.port}`;

  const credentials = realtimeCredentials(dataDir, env);
  const realtime = await createRealtimeServer({
    apps: [credentials],
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    // Two sites (or a test run) sharing one Redis keep their presence and fan-out apart.
    ...(env.REDIS_KEY_PREFIX ? { redisKeyPrefix: env.REDIS_KEY_PREFIX } : {}),
    allowedOrigins: allowedSocketOrigins(env, siteUrl),
  });
  // The API signs channel auth for the same app (the key comes from REALTIME_APP_KEY in both,
  // default flirtlane-key) and publishes straight into this process's realtime server.
  const api = await createApi({
    ...loadApiOptionsFromEnv({ ...env, DATA_DIR: dataDir, SITE_URL: siteUrl }),
    realtimeApp: { id: credentials.id, secret: credentials.secret },
    broadcaster: inProcessBroadcaster(realtime, credentials.id),
  });
  const app = await createSiteServer({
    siteDir: options.siteDir,
    logger: { level: options.logLevel ?? 'info' },
    realtime,
    siteUrl,
    formActionOrigins: paymentOrigins(env),
    connectOrigins: elsewhereOrigins(env),
    captcha: captchaSources(env.CAPTCHA_PROVIDER),
    development: options.development === true,
    // The API reads the same ids (and warns about a malformed one); here they only open the CSP.
    extraSources: tagSources(analyticsTagsFromEnv(env, () => {})),
    ...(tls ? { tls } : {}),
    // e.g. TRUST_PROXY=10.0.0.0/8 behind a load balancer; unset, forwarded headers are ignored.
    ...(env.TRUST_PROXY ? { trustProxy: env.TRUST_PROXY.split(',') } : {}),
  });
  await app.register(api.plugin, { prefix: '/api' });
  options.extend?.(app);
  await app.listen({ port: options.port, host: env.HOST ?? '0.0.0.0' });

  return {
    app,
    /** Where it answers: `https://…` when it serves TLS. */
    url: siteUrl,
    async close() {
      // Realtime first: clients get 4200 and reconnect to whichever node comes back.
      await realtime.close();
      await app.close();
      await api.close();
    },
  };
}
