import {
  broadcastingAuthResponseSchema,
  messageResponseSchema,
  onlineCountResponseSchema,
  SOCKET_ID_PATTERN,
} from '@ukd/contracts/api';
import { signChannel } from '@ukd/realtime-server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { body, messages, text } from '../http/rules';
import { sessionSocketTag } from './session-sockets';

/** Pusher's channel name alphabet (the realtime server also caps names at 164 characters). */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;

const authBody = body({
  socket_id: text('socket_id', {
    max: 43,
    pattern: { regex: SOCKET_ID_PATTERN, message: messages.format('socket_id') },
  }),
  channel_name: text('channel_name', {
    max: 164,
    pattern: { regex: CHANNEL_NAME, message: messages.format('channel_name') },
  }),
});

const FORM_BODY_LIMIT = 4096;

/** pusher-js posts `socket_id` and `channel_name` form-encoded; this route alone accepts that. */
function acceptFormBodies(instance: FastifyInstance): void {
  instance.addContentTypeParser(
    /^application\/x-www-form-urlencoded(\s*;.*)?$/i,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, raw, done) => {
      const form = new URLSearchParams(typeof raw === 'string' ? raw : raw.toString('utf8'));
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of form) fields[key] = value;
      done(null, fields);
    },
  );
}

/** Channel authorisation for the signed-in member (member scope). */
export function broadcastingAuthRoutes(app: ApiApp, ctx: AppContext): void {
  app.register(async (instance) => {
    acceptFormBodies(instance);
    instance.withTypeProvider<ZodTypeProvider>().post(
      '/broadcasting/auth',
      {
        config: { readsOnly: true },
        schema: {
          summary:
            'Authorise a realtime channel subscription (pusher-js / laravel-echo auth endpoint): form-encoded or JSON socket_id and channel_name; answers { auth, channel_data? }',
          description:
            'A member may join only their own private-notifications.user.{uuid}, private-credits.user.{uuid} and private-duration.user.{uuid}, the private-conversation.{uuid} channels of their conversations, and presence-online (channel_data: user_id = member uuid, user_info.username). Anything else: 403.',
          tags: ['realtime'],
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: authBody,
          response: { 200: broadcastingAuthResponseSchema, 403: messageResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const member = currentMember(request);
        const { socket_id: socketId, channel_name: channel } = request.body;
        // A deactivated member has no live page (SPEC §2); their sockets were closed.
        if (member.user.deactivatedAt) throw new ApiError(403, 'This action is unauthorized.');
        const grant = await ctx.realtime.channels.authorize(member, channel);
        if (!grant) throw new ApiError(403, 'This action is unauthorized.');
        if (grant.presence) {
          const channelData = JSON.stringify(grant.presence);
          return {
            auth: signChannel(ctx.realtime.app, socketId, channel, channelData),
            channel_data: channelData,
          };
        }
        // Signed for the session too: when it ends, the realtime server closes this socket.
        const channelData = JSON.stringify({ user_id: sessionSocketTag(member.sessionId) });
        return {
          auth: signChannel(ctx.realtime.app, socketId, channel, channelData),
          channel_data: channelData,
        };
      },
    );
  });
}

/** The public online count. */
export function onlineCountRoutes(app: ApiApp, ctx: AppContext): void {
  app.get(
    '/onlines/count',
    {
      schema: {
        summary: 'Members online now: the user count of the presence-online channel (cached for 10 s)',
        tags: ['realtime'],
        response: { 200: onlineCountResponseSchema, ...errorResponses },
      },
    },
    async () => ({ data: { online: await ctx.realtime.online.count() } }),
  );
}
