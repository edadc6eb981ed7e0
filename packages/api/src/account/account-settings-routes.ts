import { ACCOUNT_MESSAGES, accountExportSchema, messageResponseSchema } from '@ukd/contracts/api';
import { customMessages } from '@ukd/validation/messages';
import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { passwordField, withConfirmation } from '../auth/auth-routes';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import {
  blocks,
  memberInteractions,
  profileVisits,
  reports,
  sessions,
  userNotifications,
  users,
} from '../db/schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { currentMember, forbidDuringImpersonation } from '../http/member-auth';
import { body, email, messages, text } from '../http/rules';
import { sendEmailChangeMails } from '../mail/account-mails';
import { exportConversations } from '../messaging/conversation-export';
import { notificationResource } from '../notifications/notification-writer';
import { photoResource, photosOf } from '../photos/photo-resource';
import { profileCompletion } from '../profiles/completion';
import { myProfile } from '../profiles/profile-resource';

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

async function emailTaken(ctx: AppContext, siteId: number, address: string, exceptUserId: number) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, address), ne(users.id, exceptUserId)));
  return !!row;
}

/** Applies a confirmed change of address (the `change-email` link). */
export async function applyEmailChange(ctx: AppContext, userId: number, siteId: number): Promise<void> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.siteId, siteId), isNotNull(users.pendingEmail)));
  if (!user?.pendingEmail)
    throw fieldError('token', 'This email confirmation link is invalid or has expired.');
  // Someone registered the address meanwhile: the change cannot happen.
  if (await emailTaken(ctx, siteId, user.pendingEmail, user.id))
    throw fieldError('token', messages.taken('email'));
  try {
    await ctx.db
      .update(users)
      .set({
        email: user.pendingEmail,
        pendingEmail: null,
        emailConfirmedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
  } catch {
    throw fieldError('token', messages.taken('email'));
  }
}

const iso = (d: Date) => d.toISOString();

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
      if (await emailTaken(ctx, request.site.id, address, member.user.id)) {
        throw fieldError('email', messages.taken('email'));
      }
      const attempts = await ctx.throttle.hit(`change-email:${member.user.id}`, {
        maxAttempts: 3,
        decaySeconds: 600,
      });
      if (attempts > 3) throw fieldError('email', 'Please wait before retrying.');
      await ctx.db
        .update(users)
        .set({ pendingEmail: address, updatedAt: sql`now()` })
        .where(eq(users.id, member.user.id));
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
      await ctx.db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, member.user.id));
      // ASVS 7.4.3: a changed password logs out every other device.
      await ctx.sessions.revokeAllForUser(member.user.id, 'password-changed', member.sessionId);
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
      const user = member.user;
      const rc = { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls };
      const interactionsOf = async (kind: 'like' | 'favorite' | 'wink') =>
        ctx.db
          .select({ uuid: users.uuid, username: users.username, createdAt: memberInteractions.createdAt })
          .from(memberInteractions)
          .innerJoin(users, eq(users.id, memberInteractions.targetId))
          .where(and(eq(memberInteractions.userId, user.id), eq(memberInteractions.kind, kind)))
          .orderBy(asc(memberInteractions.createdAt));
      const [
        allPhotos,
        sessionRows,
        visitsMade,
        visitsReceived,
        likes,
        favorites,
        winks,
        blocked,
        reported,
        notes,
      ] = await Promise.all([
        photosOf(ctx.db, user.id, { approvedOnly: false }),
        ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt)),
        ctx.db
          .select({ uuid: users.uuid, username: users.username, createdAt: profileVisits.lastVisitedAt })
          .from(profileVisits)
          .innerJoin(users, eq(users.id, profileVisits.visitedId))
          .where(eq(profileVisits.visitorId, user.id))
          .orderBy(asc(profileVisits.lastVisitedAt)),
        ctx.db
          .select({ uuid: users.uuid, username: users.username, createdAt: profileVisits.lastVisitedAt })
          .from(profileVisits)
          .innerJoin(users, eq(users.id, profileVisits.visitorId))
          .where(eq(profileVisits.visitedId, user.id))
          .orderBy(asc(profileVisits.lastVisitedAt)),
        interactionsOf('like'),
        interactionsOf('favorite'),
        interactionsOf('wink'),
        ctx.db
          .select({ uuid: users.uuid, username: users.username, createdAt: blocks.createdAt })
          .from(blocks)
          .innerJoin(users, eq(users.id, blocks.blockedId))
          .where(eq(blocks.blockerId, user.id))
          .orderBy(asc(blocks.createdAt)),
        ctx.db
          .select({
            uuid: users.uuid,
            username: users.username,
            reason: reports.reason,
            details: reports.details,
            createdAt: reports.createdAt,
          })
          .from(reports)
          .innerJoin(users, eq(users.id, reports.reportedId))
          .where(eq(reports.reporterId, user.id))
          .orderBy(asc(reports.createdAt)),
        ctx.db
          .select()
          .from(userNotifications)
          .where(eq(userNotifications.userId, user.id))
          .orderBy(desc(userNotifications.id)),
      ]);
      const entry = (r: { uuid: string; username: string; createdAt: Date }) => ({
        member: { uuid: r.uuid, username: r.username },
        created_at: iso(r.createdAt),
      });
      const completion = profileCompletion(user, allPhotos.filter((p) => p.status !== 'rejected').length);
      const date = new Date().toISOString().slice(0, 10);
      reply.header(
        'content-disposition',
        `attachment; filename="flirtlane-export-${user.uuid}-${date}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return {
        format: 'flirtlane-export/1' as const,
        exported_at: new Date().toISOString(),
        account: {
          uuid: user.uuid,
          username: user.username,
          email: user.email,
          email_confirmed: user.emailConfirmedAt !== null,
          gender: user.gender,
          date_of_birth: user.dateOfBirth,
          city: user.city,
          credits: user.credits,
          created_at: iso(user.createdAt),
          deactivated: user.deactivatedAt !== null,
        },
        profile: myProfile(user, allPhotos, completion, rc),
        photos: allPhotos.map((p) => photoResource(p, ctx.photoUrls)),
        sessions: sessionRows.map((s) => ({ device_id: s.deviceId, ip: s.ip, created_at: iso(s.createdAt) })),
        visits_made: visitsMade.map(entry),
        visits_received: visitsReceived.map(entry),
        likes_given: likes.map(entry),
        favorites_given: favorites.map(entry),
        winks_given: winks.map(entry),
        blocks: blocked.map(entry),
        reports_made: reported.map((r) => ({ ...entry(r), reason: r.reason, details: r.details })),
        notifications: notes.map(notificationResource),
        conversations: await exportConversations(ctx, user),
      };
    },
  );
}
