import type { Mail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function layout(
  siteName: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
) {
  const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:560px;margin:auto">
<h1>${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#d6336c;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>
<p style="color:#666;font-size:12px">${escapeHtml(siteName)}</p>
</body></html>`;
  const text = `${heading}\n\n${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n${footer}\n${siteName}\n`;
  return { html, text };
}

export function confirmationMail(p: {
  siteName: string;
  to: string;
  username: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const body = layout(
    p.siteName,
    `Welcome to ${p.siteName}, ${p.username}!`,
    [
      'Please confirm your email address to finish setting up your account.',
      'This link is valid for 7 days.',
    ],
    { label: 'Confirm email address', url: p.confirmUrl },
    `Don't want emails from us? Unsubscribe: ${p.unsubscribeUrl}`,
  );
  return {
    to: p.to,
    subject: `Confirm your email address - ${p.siteName}`,
    ...body,
    links: { confirm: p.confirmUrl, unsubscribe: p.unsubscribeUrl },
  };
}

export function passwordResetMail(p: {
  siteName: string;
  to: string;
  resetUrl: string;
  minutes: number;
}): Mail {
  const body = layout(
    p.siteName,
    'Reset your password',
    [
      'You are receiving this email because we received a password reset request for your account.',
      `This password reset link will expire in ${p.minutes} minutes.`,
    ],
    { label: 'Reset Password', url: p.resetUrl },
    'If you did not request a password reset, no further action is required.',
  );
  return {
    to: p.to,
    subject: `Reset Password Notification - ${p.siteName}`,
    ...body,
    links: { reset: p.resetUrl },
  };
}

export function changeEmailMail(p: {
  siteName: string;
  to: string;
  username: string;
  confirmUrl: string;
  hours: number;
}): Mail {
  const body = layout(
    p.siteName,
    'Confirm your new email address',
    [
      `Hi ${p.username}, you asked to use this address for your ${p.siteName} account.`,
      `Please confirm it within ${p.hours} hours. Until then, your old address stays in use.`,
    ],
    { label: 'Confirm new email address', url: p.confirmUrl },
    'If you did not ask for this, ignore this email: nothing changes.',
  );
  return {
    to: p.to,
    subject: `Confirm your new email address - ${p.siteName}`,
    ...body,
    links: { confirm: p.confirmUrl },
  };
}

/** Sent to the old address when a change is requested, so a hijacked session cannot change it quietly. */
export function emailChangeRequestedMail(p: { siteName: string; to: string; accountUrl: string }): Mail {
  const body = layout(
    p.siteName,
    'Your email address is being changed',
    [
      'Someone signed in to your account asked to change its email address.',
      'If this was you, there is nothing to do. If not, change your password now and log out other devices.',
    ],
    { label: 'Review account settings', url: p.accountUrl },
    'Your address only changes once the new one is confirmed.',
  );
  return {
    to: p.to,
    subject: `Email change requested - ${p.siteName}`,
    ...body,
    links: { account: p.accountUrl },
  };
}
