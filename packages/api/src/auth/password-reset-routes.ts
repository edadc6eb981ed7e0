import { AUTH_MESSAGES, messageResponseSchema } from '@ukd/contracts/api';
import { customMessages } from '@ukd/validation/messages';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { body, email, text } from '../http/rules';
import { sendPasswordResetMail } from '../mail/account-mails';
import { closeMemberSockets } from '../realtime/session-sockets';
import { passwordField, withConfirmation } from './auth-routes';
import { memberByEmail, resetPassword } from './member-queries';

const EMAIL_MESSAGE = customMessages.email;

const forgotBody = body({ email: email('email', EMAIL_MESSAGE) });
const resetBody = withConfirmation(
  body({
    token: text('token', { max: 256 }),
    email: email('email', EMAIL_MESSAGE),
    password: passwordField(),
    password_confirmation: z.unknown().optional(),
  }),
);

export function passwordResetRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/forgot-password',
    {
      schema: {
        summary: 'Mail a password reset link',
        tags: ['accounts'],
        body: forgotBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const site = request.site;
      const address = request.body.email;
      // The same answer for a known and an unknown address (no user enumeration): the one-a-minute
      // limit is per address asked, and only a known address gets a mail.
      const { count: sent } = await ctx.limits.hit(`reset-mail:${site.id}:${address}`, {
        maxAttempts: 1,
        decaySeconds: 60,
      });
      if (sent > 1) throw fieldError('email', 'Please wait before retrying.');
      const user = await memberByEmail(ctx.db, site.id, address);
      if (user) await sendPasswordResetMail(ctx, site, user);
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        summary: 'Set a new password with the token from the reset mail; ends every session',
        tags: ['accounts'],
        body: resetBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { token, email: address, password } = request.body;
      const user = await memberByEmail(ctx.db, request.site.id, address);
      // An unknown address answers as a wrong token does: the reset does not reveal who is a member.
      if (!user) throw fieldError('email', AUTH_MESSAGES.resetTokenInvalid);
      const userId = await ctx.emailTokens.consume(token, 'reset-password', user.id);
      if (userId === null) throw fieldError('email', AUTH_MESSAGES.resetTokenInvalid);
      const passwordHash = await ctx.passwords.hash(password);
      // Following the mailed link proves the address, so it also counts as confirmation.
      await resetPassword(ctx.db, user.id, passwordHash);
      await ctx.sessions.revokeAllForUser(user.id, 'password-reset');
      await closeMemberSockets(ctx, user.id, { log: request.log });
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
}
