import { ACCOUNT_MESSAGES, accountExportSchema, messageResponseSchema } from '@ukd/contracts/api';
import { customMessages } from '@ukd/validation/messages';
import { passwordField, withConfirmation } from '../auth/auth-routes';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { currentMember, forbidDuringImpersonation } from '../http/member-auth';
import { body, email, messages, text } from '../http/rules';
import { sendEmailChangeMails } from '../mail/account-mails';
import { closeMemberSockets } from '../realtime/session-sockets';
import { accountExport } from './account-export';
import {
  confirmEmailChange,
  emailTaken,
  memberWithPendingEmail,
  setPasswordHash,
  setPendingEmail,
} from './account-queries';

const changeEmailBody = body({
  email: email('email', customMessages.email),
  password: text('password', { max: 1024, raw: true }),
});

const changePasswordBody = withConfirmation(
  body({
    current_password: text('current_password', { max: 1024, raw: true }),
    password: passwordField(),
    password_confirmation: text('password_confirmation', { max: 1024, raw: true }).optional(),
  }),
);

async function checkPassword(ctx: AppContext, member: Member, password: string, field: string) {
  if (!(await ctx.passwords.verify(member.user.passwordHash, password))) {
    throw fieldError(field, ACCOUNT_MESSAGES.passwordIncorrect);
  }
}

/** Applies a confirmed change of address (the `change-email` link). */
export async function applyEmailChange(ctx: AppContext, userId: number, siteId: number): Promise<void> {
  const user = await memberWithPendingEmail(ctx.db, userId, siteId);
  if (!user?.pendingEmail)
    throw fieldError('token', 'This email confirmation link is invalid or has expired.');
  // Someone registered the address meanwhile: the change cannot happen.
  if (await emailTaken(ctx.db, siteId, user.pendingEmail, user.id))
    throw fieldError('token', messages.taken('email'));
  try {
    await confirmEmailChange(ctx.db, user.id, user.pendingEmail);
  } catch {
    throw fieldError('token', messages.taken('email'));
  }
  // Reached through a public link: this process drops the member's sign-in itself.
  ctx.members.forgetMember(user.id);
}

export function accountSettingsRoutes(app: ApiApp, ctx: AppContext): void {
  app.put(
    '/account/email',
    {
      schema: {
        summary:
          'Change the email address: current password required; the new address must confirm with the mailed link before it replaces the old one (which is told)',
        tags: ['accounts'],
        body: changeEmailBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      forbidDuringImpersonation(member);
      const { email: address, password } = request.body;
      await checkPassword(ctx, member, password, 'password');
      if (address === member.user.email) throw fieldError('email', 'This is already your email address.');
      if (await emailTaken(ctx.db, request.site.id, address, member.user.id)) {
        throw fieldError('email', messages.taken('email'));
      }
      const { count: attempts } = await ctx.limits.hit(`change-email:${member.user.id}`, {
        maxAttempts: 3,
        decaySeconds: 600,
      });
      if (attempts > 3) throw fieldError('email', 'Please wait before retrying.');
      await setPendingEmail(ctx.db, member.user.id, address);
      await sendEmailChangeMails(ctx, request.site, member.user, address);
      return { message: ACCOUNT_MESSAGES.emailChangeSent };
    },
  );

  app.put(
    '/account/password',
    {
      schema: {
        summary: 'Change the password (current password required); every other session ends',
        tags: ['accounts'],
        body: changePasswordBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      forbidDuringImpersonation(member);
      await checkPassword(ctx, member, request.body.current_password, 'current_password');
      const passwordHash = await ctx.passwords.hash(request.body.password);
      await setPasswordHash(ctx.db, member.user.id, passwordHash);
      // ASVS 7.4.3: a changed password logs out every other device.
      await ctx.sessions.revokeAllForUser(member.user.id, 'password-changed', member.sessionId);
      await closeMemberSockets(ctx, member.user.id, { exceptSessionId: member.sessionId, log: request.log });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/account/export',
    {
      schema: {
        summary:
          'UK GDPR export of everything held about the member (account, profile, photos, activity, notifications; conversations once messaging exists), as a JSON download',
        tags: ['accounts'],
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      forbidDuringImpersonation(member);
      const date = new Date().toISOString().slice(0, 10);
      reply.header(
        'content-disposition',
        `attachment; filename="flirtlane-export-${member.user.uuid}-${date}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return accountExport(ctx, member.user);
    },
  );
}
