import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { billingRoutes, publicBillingRoutes } from './billing';
import type { AppContext } from './context';
import { notFound } from './http/api-error';
import { errorHandler } from './http/error-handler';
import { registerJsonBody } from './http/json-body';
import { siteGuard } from './http/request-guards';
import { accountRoutes } from './routes/account';
import { accountSettingsRoutes } from './routes/account-settings';
import { assetRoutes } from './routes/assets';
import { authRoutes } from './routes/auth';
import { conversationRoutes } from './routes/conversations';
import { emailRoutes } from './routes/email';
import { interactionRoutes } from './routes/interactions';
import { oneTimeLoginRoutes } from './routes/one-time-logins';
import { passwordResetRoutes } from './routes/password-reset';
import { photoRoutes, registerPhotoUploads } from './routes/photos';
import { profileRoutes } from './routes/profiles';
import { realtimeRoutes } from './routes/realtime';
import { sessionRoutes } from './routes/sessions';
import { settingsRoutes } from './routes/settings';
import { trackingRoutes } from './routes/tracking';
import { userNotificationRoutes } from './routes/user-notifications';

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
    app.setSerializerCompiler(serializerCompiler);
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
        // Document the headers the site-key guard reads (they are checked in a hook, not a schema).
        if (input.route.config?.siteless) return out;
        const schema = out.schema as Record<string, unknown>;
        return { ...out, schema: { ...schema, headers: SITE_HEADERS } };
      },
    });

    settingsRoutes(app, ctx);
    authRoutes(app, ctx);
    passwordResetRoutes(app, ctx);
    emailRoutes(app, ctx);
    accountRoutes(app, ctx);
    accountSettingsRoutes(app, ctx);
    sessionRoutes(app, ctx);
    oneTimeLoginRoutes(app, ctx);
    profileRoutes(app, ctx);
    interactionRoutes(app, ctx);
    photoRoutes(app, ctx);
    realtimeRoutes(app, ctx);
    userNotificationRoutes(app, ctx);
    trackingRoutes(app, ctx);
    conversationRoutes(app, ctx);
    billingRoutes(app, ctx);
    publicBillingRoutes(app, ctx);
    assetRoutes(app);

    app.get('/docs', { config: { siteless: true }, schema: { hide: true } }, async () => instance.swagger());
  };
}
