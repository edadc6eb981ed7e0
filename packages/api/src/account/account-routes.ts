import { ACCOUNT_MESSAGES, messageResponseSchema } from '@ukd/contracts/api';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { currentMember, forbidDuringImpersonation } from '../http/member-auth';
import { body, text } from '../http/rules';
import { closeMemberSockets, closeSessionSockets, memberSessionIds } from '../realtime/session-sockets';
import { deleteMember, photoFilesOf, setDeactivated } from './account-queries';

const passwordBody = body({ password: text('password', { max: 1024, raw: true }) });

async function confirmPassword(ctx: AppContext, member: Member, password: string): Promise<void> {
  if (!(await ctx.passwords.verify(member.user.passwordHash, password))) {
    throw fieldError('password', ACCOUNT_MESSAGES.passwordIncorrect);
  }
}

export function accountRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/account/deactivate',
    {
      schema: {
        summary: 'Hide the profile and pause the account (the member can log in and reactivate)',
        tags: ['accounts'],
        body: passwordBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      forbidDuringImpersonation(member);
      await confirmPassword(ctx, member, request.body.password);
      await setDeactivated(ctx.db, member.user.id, true);
      // Hidden members keep no live page: every socket closes, and channel auth is refused.
      await closeMemberSockets(ctx, member.user.id, { log: request.log });
      return { message: 'Your account has been deactivated.' };
    },
  );

  app.post(
    '/account/reactivate',
    {
      schema: {
        summary: 'Undo a deactivation',
        tags: ['accounts'],
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      await setDeactivated(ctx.db, member.user.id, false);
      return { message: 'Welcome back! Your account is active again.' };
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        summary: 'Delete the account and its personal data for good; every session ends',
        tags: ['accounts'],
        body: passwordBody,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      forbidDuringImpersonation(member);
      await confirmPassword(ctx, member, request.body.password);
      // Sessions, tokens, profile, photos, visits, likes, blocks, reports and notifications go
      // with the row through ON DELETE CASCADE; the photo files are removed afterwards.
      const files = await photoFilesOf(ctx.db, member.user.id);
      const sessionIds = await memberSessionIds(ctx, member.user.id);
      await deleteMember(ctx.db, member.user.id);
      await closeSessionSockets(ctx, sessionIds, request.log);
      await Promise.all(files.map((file) => ctx.photoStore.remove(file)));
      request.log.info({ userUuid: member.user.uuid }, 'account deleted');
      return { message: 'Your account has been deleted.' };
    },
  );
}
