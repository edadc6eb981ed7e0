import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/account-routes';
import { accountSettingsRoutes } from './account/account-settings-routes';
import { emailRoutes, memberEmailRoutes } from './account/email-routes';
import { affiliateRoutes } from './acquisition/affiliate-routes';
import { authRoutes, memberAuthRoutes } from './auth/auth-routes';
import { memberOneTimeLoginRoutes, oneTimeLoginRoutes } from './auth/one-time-login-routes';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { sessionRoutes } from './auth/session-routes';
import { billingRoutes, publicBillingRoutes } from './billing';
import type { AppContext } from './context';
import { compressAnswer } from './http/answer-compression';
import { bearerAuth } from './http/api-app';
import { notFound } from './http/api-error';
import { errorHandler } from './http/error-handler';
import { registerJsonBody } from './http/json-body';
import { memberScope } from './http/member-scope';
import { siteGuard } from './http/request-guards';
import { responseSerializerCompiler } from './http/response-serializer';
import { interactionListRoutes } from './interactions/interaction-list-routes';
import { interactionRoutes } from './interactions/interaction-routes';
import { conversationRoutes } from './messaging/conversation-routes';
import { messageRoutes } from './messaging/message-routes';
import { reportRoutes } from './moderation/report-routes';
import { userNotificationRoutes } from './notifications/notification-routes';
import { avatarRoutes } from './photos/avatar-routes';
import { photoRoutes, registerPhotoUploads } from './photos/photo-routes';
import { signedImageRoutes } from './photos/signed-image';
import { profileRoutes } from './profiles/profile-routes';
import { broadcastingAuthRoutes, onlineCountRoutes } from './realtime/realtime-routes';
import { settingsRoutes } from './settings/settings-routes';
import { publicTicketRoutes, ticketRoutes } from './support/ticket-routes';
import { trackingRoutes } from './tracking/tracking-routes';

const SITE_HEADERS = {
  type: 'object',
  properties: {
    'site-key': { type: 'string', description: 'The site key, e.g. ukdating-site01.' },
    'device-id': { type: 'string', description: 'Client device identifier, stored on the session.' },
  },
  required: ['site-key'],
};

/**
 * The whole API as one encapsulated plugin: its parsers, error handler, not-found answer and
 * hooks apply under its prefix only, so a host serving static files beside it is unaffected.
 */
export function apiPlugin(ctx: AppContext): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    // Fastify sends a serializer's Buffer as it is, though its type says a serializer answers text.
    app.setSerializerCompiler(responseSerializerCompiler as unknown as FastifySerializerCompiler<unknown>);
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler(async () => {
      throw notFound();
    });
    registerJsonBody(instance);
    await registerPhotoUploads(instance);
    app.decorateRequest('site', null as never);
    app.decorateRequest('deviceId', null);
    app.decorateRequest('member', null);
    app.addHook('onRequest', siteGuard(ctx));
    app.addHook('onSend', compressAnswer);
    // A request without a body validates like `{}`: the client hears which fields are required.
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Flirtlane API',
          version: '1.0.0',
          description:
            'JSON API of Flirtlane. Every call needs the `Site-key` header (and should send `Device-ID`); members add `Authorization: Bearer <access_token>`. Errors: 422 `{message, errors:{field:[…]}}`, 401 `{message:"Unauthenticated."}`, 429 on login throttling, 503 in maintenance.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        // Document the headers the site-key guard reads and the bearer token the member scope
        // needs (both are checked in hooks, not in a route's schema).
        if (input.route.config?.siteless) return out;
        const schema = out.schema as Record<string, unknown>;
        const security = input.route.config?.member ? { security: bearerAuth } : {};
        return { ...out, schema: { ...schema, headers: SITE_HEADERS, ...security } };
      },
    });

    // Public: boot settings, sign-up and sign-in, email links, images loaded by <img>.
    settingsRoutes(app, ctx);
    authRoutes(app, ctx);
    passwordResetRoutes(app, ctx);
    emailRoutes(app, ctx);
    oneTimeLoginRoutes(app, ctx);
    onlineCountRoutes(app, ctx);
    signedImageRoutes(app, ctx);
    avatarRoutes(app);
    publicBillingRoutes(app, ctx);
    publicTicketRoutes(app, ctx);
    affiliateRoutes(app, ctx);

    // Everything else needs a signed-in member: authenticated once, for the whole scope.
    await app.register(
      memberScope(ctx, [
        memberAuthRoutes,
        memberEmailRoutes,
        memberOneTimeLoginRoutes,
        accountRoutes,
        accountSettingsRoutes,
        sessionRoutes,
        profileRoutes,
        interactionRoutes,
        interactionListRoutes,
        photoRoutes,
        broadcastingAuthRoutes,
        userNotificationRoutes,
        trackingRoutes,
        conversationRoutes,
        messageRoutes,
        billingRoutes,
        ticketRoutes,
        reportRoutes,
      ]),
    );

    // The OpenAPI document maps the whole API for a visitor: served only when configured (API_DOCS=1).
    if (ctx.options.apiDocs) {
      app.get('/docs', { config: { siteless: true }, schema: { hide: true } }, async () =>
        instance.swagger(),
      );
    }
  };
}
