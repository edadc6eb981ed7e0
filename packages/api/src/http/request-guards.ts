import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import type { SiteRow } from '../db/schema';
import { ApiError, fieldError } from './api-error';

declare module 'fastify' {
  interface FastifyRequest {
    site: SiteRow;
    deviceId: string | null;
    member: Member | null;
  }
  interface FastifyContextConfig {
    /** Served without a Site-key (assets fetched by <img>, the OpenAPI document). */
    siteless?: boolean;
    /** Still answered while the site is in maintenance. */
    duringMaintenance?: boolean;
  }
}

const SITE_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * onRequest: resolves the site from `Site-key`, reads `Device-ID`, and answers 503 in
 * maintenance. Runs before the body is read, so a site in maintenance does no parsing at all.
 */
export function siteGuard(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
    const config = request.routeOptions.config;
    if (config.siteless) return;

    const key = header(request, 'site-key');
    if (!key) throw fieldError('Site-key', 'The Site-key header is required.');
    const site = SITE_KEY.test(key) ? await ctx.sites.byKey(key) : null;
    if (!site) throw fieldError('Site-key', 'The selected Site-key is invalid.');
    request.site = site;

    const deviceId = header(request, 'device-id');
    if (deviceId !== undefined && deviceId !== '' && !DEVICE_ID.test(deviceId)) {
      throw fieldError('Device-ID', 'The Device-ID header format is invalid.');
    }
    request.deviceId = deviceId || null;

    if (!config.duringMaintenance && (await ctx.sites.settings(site.id)).maintenance) {
      throw new ApiError(503, 'Service Unavailable', undefined, { 'retry-after': '60' });
    }
  };
}
