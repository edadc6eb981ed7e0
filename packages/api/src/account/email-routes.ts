import { messageResponseSchema } from '@ukd/contracts/api';
import { redeemLink } from '../auth/signed-links';
import { welcomeMember } from '../billing/billing-services';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { body, text } from '../http/rules';
import { sendConfirmationMail } from '../mail/account-mails';
import { confirmEmail, unsubscribe } from './account-queries';
import { applyEmailChange } from './account-settings-routes';

const tokenBody = body({ token: text('token', { max: 2048 }) });

export function emailRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/confirm-email',
    {
      schema: {
        summary: 'Confirm the email address with the token from the confirmation mail',
        tags: ['accounts'],
        body: tokenBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await ctx.emailTokens.consume(request.body.token, 'confirm-email');
      if (userId === null) {
        // The same link page also confirms a change of address (PUT /account/email).
        const changed = await ctx.emailTokens.consume(request.body.token, 'change-email');
        if (changed === null)
          throw fieldError('token', 'This email confirmation link is invalid or has expired.');
        await applyEmailChange(ctx, changed, request.site.id);
        return { message: 'Your email address has been changed.' };
      }
      await confirmEmail(ctx.db, userId, request.site.id);
      // Public, so the member scope drops nothing: this process sees the change at once, the
      // others on the database's notice.
      ctx.members.forgetMember(userId);
      await welcomeMember(ctx, userId); // once per member: the ledger's unique (provider, txn_id)
      return { message: 'Your email address has been confirmed.' };
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        summary: 'Stop marketing and notification mails, with the signed token of an email footer link',
        tags: ['accounts'],
        body: tokenBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const uuid = await redeemLink(ctx.db, ctx.signer, 'unsubscribe', request.site.key, request.body.token);
      const updated = uuid ? await unsubscribe(ctx.db, uuid, request.site.id) : null;
      if (!uuid) throw fieldError('token', 'This unsubscribe link is invalid.');
      if (updated !== null) ctx.members.forgetMember(updated);
      return {
        message:
          updated !== null ? 'You have been unsubscribed from our emails.' : 'You are already unsubscribed.',
      };
    },
  );
}

/** Sends the confirmation mail again to the signed-in member (member scope). */
export function memberEmailRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/confirm-email/resend',
    {
      schema: {
        summary: 'Send the confirmation mail again (at most once a minute)',
        tags: ['accounts'],
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = currentMember(request);
      if (user.emailConfirmedAt) throw fieldError('email', 'Your email address is already confirmed.');
      const { count: sent } = await ctx.limits.hit(`confirm-mail:${user.id}`, {
        maxAttempts: 1,
        decaySeconds: 60,
      });
      if (sent > 1) throw fieldError('email', 'Please wait before retrying.');
      await sendConfirmationMail(ctx, request.site, user, request.log);
      return { message: 'A new confirmation link has been sent to your email address.' };
    },
  );
}
