import { CAPTCHA_SOURCES } from '@ukd/contracts/api/constants';
import { fromDeployedManifest, remotesOf } from './deployed-manifest';
import type { ExtraSources } from './tag-sources';

export interface SecurityHeaderOptions {
  /** The site's public address (`SITE_URL`): its ws/wss twin is where the realtime socket goes. */
  siteUrl?: string | undefined;
  /** Origins forms may post to besides the site (the payment provider's). */
  formActionOrigins?: string[] | undefined;
  /** Where else the page may connect: an API or realtime server on another origin (`API_URL`, `REALTIME_HOST`). */
  connectOrigins?: string[] | undefined;
  /** The configured captcha provider's script, frame and call sources (`captchaSources`); none by default. */
  captcha?: { script: string[]; frame: string[]; connect: string[] } | undefined;
  /**
   * `npm run dev`: Fast Refresh and the CSS hot update may evaluate code and inject styles, so
   * scripts may `eval` and styles may be inline there, and nowhere else.
   */
  development?: boolean | undefined;
  /** Third-party tags configured for the site (analytics, ads): their documented origins. */
  extraSources?: ExtraSources | undefined;
}

/**
 * Origins of remotes deployed elsewhere (an absolute `entry` in the site manifest); the site's
 * own remotes are same-origin and need nothing. Re-read when a deploy replaces the manifest.
 */
export function createRemoteOrigins(siteDir: string) {
  return fromDeployedManifest(
    siteDir,
    (manifest) => [
      ...new Set(
        remotesOf(manifest)
          .map((remote) => originOf(remote.entry))
          .filter((origin): origin is string => origin !== undefined),
      ),
    ],
    () => [],
  );
}

/** The origin of an absolute http(s) URL; undefined for a path or anything else. */
export function originOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** `ws://host` or `wss://host` for an http(s) origin: where the realtime socket of that site is. */
function websocketOrigin(siteOrigin: string): string {
  return siteOrigin.replace(/^http/, 'ws');
}

/**
 * The Content-Security-Policy of every page and asset: scripts only from the site and its
 * remotes' origins, no inline script, no framing, no plugins, forms only to the site and the
 * payment provider; the API and the realtime socket on the site's origin.
 */
export function contentSecurityPolicy(
  options: SecurityHeaderOptions & { siteOrigin?: string | undefined; remoteOrigins?: string[] },
): string {
  const remotes = options.remoteOrigins ?? [];
  const sockets = options.siteOrigin ? [websocketOrigin(options.siteOrigin)] : [];
  const dev = options.development === true;
  const captcha = options.captcha ?? { script: [], frame: [], connect: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...remotes, ...captcha.script, ...(dev ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", ...remotes, ...(dev ? ["'unsafe-inline'"] : [])]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remotes]],
    ['font-src', ["'self'", 'data:', ...remotes]],
    [
      'connect-src',
      ["'self'", ...sockets, ...(options.connectOrigins ?? []), ...remotes, ...captcha.connect],
    ],
    ['media-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-src', captcha.frame.length ? captcha.frame : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...(options.formActionOrigins ?? [])]],
  ];
  const extra = (name: string) => options.extraSources?.[name as keyof ExtraSources] ?? [];
  return directives
    .map(([name, sources]) => `${name} ${[...new Set([...sources, ...extra(name)])].join(' ')}`)
    .join('; ');
}

/**
 * What the page needs from the captcha provider `CAPTCHA_PROVIDER` names: nothing for the
 * built-in `test` provider (or none), the provider's documented sources otherwise.
 */
export function captchaSources(provider: string | undefined): SecurityHeaderOptions['captcha'] {
  return provider === 'turnstile' || provider === 'recaptcha' ? CAPTCHA_SOURCES[provider] : undefined;
}

/** Sensors and features the site never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers for the JSON API: no sniffing, never framed. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};
