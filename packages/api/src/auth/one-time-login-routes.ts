import { tokenResponseSchema } from '@ukd/contracts/api';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { clientContext } from '../http/client-context';
import { currentMember, forbidDuringImpersonation } from '../http/member-auth';
import { body, text } from '../http/rules';
import { memberByEmail, memberById } from './member-queries';
import { redeemLink } from './signed-links';

/** A member may take a while at the payment provider before being sent back. */
export const PAYMENT_LOGIN_TTL_SECONDS = 2 * 3600;

const impersonateBody = body({ impersonate_token: text('impersonate_token', { max: 2048 }) });
const custom1Params = z.object({ custom1: z.string().max(2048, { error: 'The custom1 is invalid.' }) });

export function oneTimeLoginRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/impersonate',
    {
      schema: {
        summary:
          'Exchange an operator impersonation token (from `cli.ts impersonate <email>`) for a session of that member',
        tags: ['auth'],
        body: impersonateBody,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const site = request.site;
      const email = await redeemLink(
        ctx.db,
        ctx.signer,
        'impersonate',
        site.key,
        request.body.impersonate_token,
      );
      const user = email ? await memberByEmail(ctx.db, site.id, email) : null;
      if (!user) throw fieldError('impersonate_token', 'This impersonation token is invalid or has expired.');
      request.log.warn({ userUuid: user.uuid }, 'impersonation session started');
      return { data: await ctx.sessions.start(user, site.key, clientContext(request), true) };
    },
  );

  app.get(
    '/payment/auth/:custom1',
    {
      schema: {
        summary:
          'Log a member back in after the payment provider redirects to the site with `custom1` (issued by POST /api/payment/auth-token; one-time, 2 hours)',
        tags: ['auth', 'payments'],
        params: custom1Params,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const site = request.site;
      const userId = await ctx.emailTokens.consume(request.params.custom1, 'payment-login');
      const user = userId === null ? null : await memberById(ctx.db, site.id, userId);
      if (!user) throw fieldError('custom1', 'This payment login link is invalid or has expired.');
      return { data: await ctx.sessions.start(user, site.key, clientContext(request)) };
    },
  );
}

/** Issues the one-time payment token for the signed-in member (member scope). */
export function memberOneTimeLoginRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/payment/auth-token',
    {
      schema: {
        summary: 'Issue the one-time `custom1` value to pass to the payment provider for the return redirect',
        tags: ['payments'],
        response: { 200: z.object({ data: z.object({ custom1: z.string() }) }) },
      },
    },
    async (request) => {
      const member = currentMember(request);
      forbidDuringImpersonation(member);
      // Opaque (43 characters) rather than a JWT: it travels as a path segment through the
      // provider's redirect, where hosts cap parameter length (Fastify: 100 by default).
      const custom1 = await ctx.emailTokens.issue(member.user.id, 'payment-login', PAYMENT_LOGIN_TTL_SECONDS);
      return { data: { custom1 } };
    },
  );
}
