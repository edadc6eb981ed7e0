import type { CreditOrderRow } from '../db/billing-schema';
import type { Mail } from '../mail/mailer';
import { findPackage, formatAmount } from './catalogue';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The emailed receipt of a paid order (VAT included; the waiver of the cancellation right is recalled). */
export function receiptMail(p: {
  siteName: string;
  to: string;
  username: string;
  order: CreditOrderRow;
  historyUrl: string;
}): Mail {
  const name = findPackage(p.order.packageId)?.name ?? p.order.packageId;
  const lines = [
    `Thank you for your purchase, ${p.username}.`,
    `Package: ${name}`,
    `Amount paid: £${formatAmount(p.order.amountPence)} (${p.order.currency}, VAT included)`,
    // UK standard rate 20%: the VAT inside a gross price is one sixth of it.
    `of which VAT at 20%: £${formatAmount(Math.round(p.order.amountPence / 6))}`,
    `Reference: ${p.order.reference}`,
    `Date: ${(p.order.paidAt ?? new Date()).toUTCString()}`,
    'You asked for this to be supplied at once, so the 14-day cancellation right ended when it was delivered.',
  ];
  const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:560px;margin:auto">
<h1>Your receipt</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(p.historyUrl)}">Your purchase history</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(p.siteName)}</p>
</body></html>`;
  return {
    to: p.to,
    subject: `Your receipt ${p.order.reference} - ${p.siteName}`,
    text: `Your receipt\n\n${lines.join('\n')}\n\nYour purchase history: ${p.historyUrl}\n\n${p.siteName}\n`,
    html,
    links: { history: p.historyUrl },
  };
}
