import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import type { ApiApp } from './api-app';
import { currentMember, forbidWhileDeactivated, requireMember } from './member-auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared in the member scope: needs a signed-in member (the OpenAPI document says so). */
    member?: boolean;
    /**
     * The route reaches out to other members (messages, conversations, likes, winks…): a
     * deactivated member, hidden from everyone, gets 403 before anything is stored, debited or
     * notified. Declared per route; enforced once, by the member scope.
     */
    reachesOut?: boolean;
    /**
     * The route changes nothing of the member's row but their balance (a paid send): their
     * cached sign-in is kept, and the route calls `MemberCache.announceBalance` (or, when nothing
     * was debited, `expectBalance`) with the balance it left, which the other processes apply in
     * place (`MemberCache.onChange`).
     */
    changesOnlyBalance?: boolean;
    /**
     * A POST that only reads (`/me`, a channel's authorisation: several on every page load):
     * the member's cached sign-in is kept, as after a GET.
     */
    readsOnly?: boolean;
  }
}

/** A feature's routes, declared on the scope they are registered in. */
export type RouteModule = (app: ApiApp, ctx: AppContext) => void;

/**
 * The member-only scope (like fastify/demo's autohooks): one encapsulated plugin whose routes all
 * need a signed-in member. Authentication runs once per scope as a preHandler hook, so a request
 * is validated before it is authenticated, exactly as the per-route preHandler did; routes read
 * the member with `currentMember(request)`. Each route is marked `config.member` so the OpenAPI
 * transform adds `security: bearerAuth` in one place.
 */
export function memberScope(ctx: AppContext, modules: readonly RouteModule[]): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, member: true };
    });
    // A member's JSON is theirs alone: no shared cache (proxy, CDN) and no browser cache keeps it.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
        reply.header('cache-control', 'private, no-store');
      }
      return payload;
    });
    app.addHook('preHandler', requireMember(ctx));
    // What a member changes, they see on their next request in this process even before the
    // database's change notice arrives (other processes drop it on that notice).
    app.addHook('onResponse', async (request) => {
      const { config } = request.routeOptions;
      if (!request.member || config.readsOnly || request.method === 'GET') return;
      if (!config.changesOnlyBalance) ctx.members.forgetMember(request.member.user.id);
    });
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.reachesOut) forbidWhileDeactivated(currentMember(request));
    });
    for (const routes of modules) routes(app, ctx);
  };
}
