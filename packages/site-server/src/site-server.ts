import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { createDocumentResponses } from './document-responses';
import { pageDocument } from './page-document';
import { createPageRoutes } from './page-routes';
import { createPrerenderedPages, pageKey } from './prerendered-pages';
import { createRoutePreloads, preloadTags } from './route-preloads';
import {
  API_HEADERS,
  contentSecurityPolicy,
  createRemoteOrigins,
  HSTS,
  originOf,
  PERMISSIONS_POLICY,
  type SecurityHeaderOptions,
} from './security-headers';
import { createStaticFiles } from './static-files';
import type { ExtraSources } from './tag-sources';

/** The parts of the realtime server the site mounts on its own HTTP server. */
export interface MountedRealtime {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  handleHttpApi(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

export interface SiteServerOptions {
  /** The assembled site: `site-manifest.json`, `shell/`, `remotes/`. */
  siteDir: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies may set X-Forwarded-For (Fastify's `trustProxy`: addresses, CIDRs or a hop
   * count). Off by default: otherwise any client could pick its own IP and slip past the
   * per-IP login limit.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The Pusher-protocol server: sockets at /app/{key}, its HTTP API at /apps/{id}/…. */
  realtime?: MountedRealtime;
  /**
   * The site's public address (`SITE_URL`): an https one turns on Strict-Transport-Security, and
   * the CSP lets the page open its realtime socket there. Absent, the request's own host is used.
   */
  siteUrl?: string;
  /** Origins forms may post to besides the site (the payment provider's). */
  formActionOrigins?: string[];
  /** Where else pages may connect: an API or realtime server on another origin. */
  connectOrigins?: string[];
  /** The captcha provider's sources, when one is configured (`captchaSources(CAPTCHA_PROVIDER)`). */
  captcha?: SecurityHeaderOptions['captcha'];
  /** `npm run dev`: the CSP lets hot updates evaluate code and inject styles. */
  development?: boolean;
  /** Origins of configured analytics and ads tags (`tagSources`), allowed by the CSP. */
  extraSources?: ExtraSources;
  /**
   * Serve over TLS, HTTP/2 first (HTTP/1.1 for clients without it, and for the realtime
   * sockets, which browsers open over HTTP/1.1). A member's page loads some thirty files, which
   * HTTP/1.1 queues six at a time per connection limit; HTTP/2 sends them on one connection.
   */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

/** Paths that are files or services, never pages: a miss there is a plain 404. */
const nonPagePrefixes = ['/api/', '/shell/', '/remotes/', '/app/', '/apps/'];

/**
 * The embedded one-origin server: the built shell and remotes as static files, and for any
 * other GET the shell's page, which routes on the client. The API and the realtime server
 * join this same instance.
 */
export async function createSiteServer({
  siteDir,
  logger = false,
  trustProxy = false,
  realtime,
  siteUrl,
  formActionOrigins = [],
  connectOrigins = [],
  captcha,
  development = false,
  extraSources = {},
  tls,
}: SiteServerOptions): Promise<FastifyInstance> {
  // HTTP/2's compatibility request and response stand in for Node's HTTP/1 ones wherever this
  // server and the API read them (and on an HTTP/1.1 connection they are those), so the instance
  // is typed as the HTTP/1 one.
  const app = tls
    ? (Fastify<Http2SecureServer>({
        logger: logger as FastifyHttp2SecureOptions<Http2SecureServer>['logger'],
        trustProxy,
        http2: true,
        https: { allowHTTP1: true, key: tls.key, cert: tls.cert },
      }) as unknown as FastifyInstance)
    : Fastify({ logger, trustProxy });
  const siteOrigin = originOf(siteUrl);
  const remoteOrigins = createRemoteOrigins(siteDir);
  const policy: SecurityHeaderOptions = {
    formActionOrigins,
    connectOrigins,
    captcha,
    development,
    extraSources,
  };
  const cspCache = new Map<string, string>();
  // Every response but the hijacked ones (sockets, the realtime HTTP API, dev's event stream):
  // pages and assets get the whole policy, the API no sniffing and no framing. HSTS only when
  // the browser reached the site over https: SITE_URL says so, or a trusted proxy does.
  app.addHook('onSend', async (request, reply, payload) => {
    if (siteOrigin?.startsWith('https:') || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', HSTS);
    }
    if (request.url.startsWith('/api/') || request.url === '/api') {
      for (const [name, value] of Object.entries(API_HEADERS)) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      return payload;
    }
    const origin = siteOrigin ?? `${request.protocol}://${request.host}`;
    const remotes = remoteOrigins();
    const cacheKey = `${origin} ${remotes.join(' ')}`;
    let csp = cspCache.get(cacheKey);
    if (csp === undefined) {
      csp = contentSecurityPolicy({ ...policy, siteOrigin: origin, remoteOrigins: remotes });
      if (cspCache.size > 100) cspCache.clear();
      cspCache.set(cacheKey, csp);
    }
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    return payload;
  });

  if (realtime) {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
    });
    await app.register(async (scope) => {
      // The realtime server reads the raw body itself (its signature covers the exact bytes), so
      // in this scope only, no parser may consume it first.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.route({
        method: ['GET', 'POST'],
        url: '/apps/*',
        handler: async (request, reply) => {
          reply.hijack();
          if (!(await realtime.handleHttpApi(request.raw, reply.raw))) {
            reply.raw.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not Found"}');
          }
        },
      });
    });
  }
  const shellPage = join(siteDir, 'shell', 'index.html');
  const pageRoutes = createPageRoutes(siteDir);
  const prerendered = createPrerenderedPages(siteDir);
  const routePreloads = createRoutePreloads(siteDir);
  const documents = createDocumentResponses();

  /** A page its owner prerendered at deploy time, in the shell's document; false if none. */
  function sendPrerendered(request: FastifyRequest, reply: FastifyReply, path: string): boolean {
    const found = development ? null : prerendered.find(path);
    if (!found) return false;
    const origin = siteOrigin ?? `${request.protocol}://${request.host}`;
    // Whether the visitor has made a cookie choice (the shell's consent cookie) picks the banner.
    const cookies = (request.headers.cookie ?? '').split(';').map((pair) => pair.trim());
    const firstVisit = found.consentBanner ? !cookies.includes(found.consentBanner.cookie) : false;
    const preloads = routePreloads.find(path);
    const key = `${prerendered.version()} ${statSync(shellPage).mtimeMs} ${origin} ${pageKey(path)} ${firstVisit} ${preloads?.key}`;
    reply.header('Vary', 'Accept-Encoding, Cookie');
    return documents.send(request, reply, key, () =>
      pageDocument(readFileSync(shellPage, 'utf8'), found, origin, {
        firstVisit,
        preloads: preloads?.preloads ?? [],
      }),
    );
  }

  /**
   * A page a remote draws in the browser: the shell's document with that remote's code named in
   * the head (route-preloads.ts), so it downloads beside the shell's; false when there is none.
   */
  function sendWithPreloads(request: FastifyRequest, reply: FastifyReply, path: string): boolean {
    const found = development ? null : routePreloads.find(path);
    if (!found) return false;
    const key = `preload ${statSync(shellPage).mtimeMs} ${found.key}`;
    return documents.send(request, reply, key, () => {
      const html = readFileSync(shellPage, 'utf8');
      return html.includes('</head>')
        ? html.replace('</head>', () => `${preloadTags(found.preloads)}</head>`)
        : null;
    });
  }

  // Looked up per request, so a remote deployed while the server runs is served at once.
  const staticFiles = createStaticFiles();
  staticFiles.serveFolder(app, '/shell/', join(siteDir, 'shell'));
  staticFiles.serveFolder(app, '/remotes/', join(siteDir, 'remotes'));
  staticFiles.serveFile(app, '/site-manifest.json', join(siteDir, 'site-manifest.json'));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !nonPagePrefixes.some((prefix) => path.startsWith(prefix)) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!isPage || !existsSync(shellPage)) {
      return reply.code(404).type('application/json').send({ message: 'Not Found' });
    }
    // The shell draws the 404 page itself; the status tells crawlers and link checkers.
    const status = pageRoutes.isPage(path) ? 200 : 404;
    if (status === 200 && (sendPrerendered(request, reply, path) || sendWithPreloads(request, reply, path))) {
      return reply;
    }
    if (!(await staticFiles.send(request, reply, shellPage, { status }))) {
      return reply.code(404).type('application/json').send({ message: 'Not Found' });
    }
    return reply;
  });

  return app;
}
