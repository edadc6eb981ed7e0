import type { FastifyBaseLogger } from 'fastify';
import { signLink } from '../auth/signed-links';
import type { AppContext } from '../context';
import type { SiteRow, UserRow } from '../db/schema';
import { changeEmailMail, confirmationMail, emailChangeRequestedMail, passwordResetMail } from './messages';

export const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;
export const RESET_TTL_SECONDS = 60 * 60;
export const CHANGE_EMAIL_TTL_SECONDS = 24 * 3600;

export async function unsubscribeUrl(ctx: AppContext, site: SiteRow, user: UserRow): Promise<string> {
  const token = await signLink(ctx.signer, 'unsubscribe', site.key, user.uuid);
  return `${ctx.options.siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Mail delivery problems must not undo a registration: they are logged and the member can ask again. */
export async function sendConfirmationMail(
  ctx: AppContext,
  site: SiteRow,
  user: UserRow,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const token = await ctx.emailTokens.issue(user.id, 'confirm-email', CONFIRM_TTL_SECONDS);
    await ctx.mailer.send(
      confirmationMail({
        siteName: site.name,
        to: user.email,
        username: user.username,
        confirmUrl: `${ctx.options.siteUrl}/confirm-email?token=${encodeURIComponent(token)}`,
        unsubscribeUrl: await unsubscribeUrl(ctx, site, user),
      }),
    );
  } catch (err) {
    log.error({ err, userId: user.id }, 'confirmation mail failed');
  }
}

export async function sendPasswordResetMail(ctx: AppContext, site: SiteRow, user: UserRow): Promise<void> {
  const token = await ctx.emailTokens.issue(user.id, 'reset-password', RESET_TTL_SECONDS);
  const query = `token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await ctx.mailer.send(
    passwordResetMail({
      siteName: site.name,
      to: user.email,
      resetUrl: `${ctx.options.siteUrl}/reset-password?${query}`,
      minutes: RESET_TTL_SECONDS / 60,
    }),
  );
}

/** Mails the confirmation link to the new address and a heads-up to the current one. */
export async function sendEmailChangeMails(
  ctx: AppContext,
  site: SiteRow,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  const token = await ctx.emailTokens.issue(user.id, 'change-email', CHANGE_EMAIL_TTL_SECONDS);
  await ctx.mailer.send(
    changeEmailMail({
      siteName: site.name,
      to: newEmail,
      username: user.username,
      confirmUrl: `${ctx.options.siteUrl}/confirm-email?token=${encodeURIComponent(token)}`,
      hours: CHANGE_EMAIL_TTL_SECONDS / 3600,
    }),
  );
  await ctx.mailer.send(
    emailChangeRequestedMail({
      siteName: site.name,
      to: user.email,
      accountUrl: `${ctx.options.siteUrl}/account`,
    }),
  );
}
