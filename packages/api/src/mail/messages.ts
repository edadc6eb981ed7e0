import type { Mail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(
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
