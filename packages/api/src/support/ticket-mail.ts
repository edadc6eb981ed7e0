import { SUPPORT_TOPIC_OPTIONS } from '@ukd/contracts/api';
import type { Mail } from '../mail/mailer';
import { layout } from '../mail/messages';

/**
 * The confirmation of a help request. It never repeats the message: the form takes any address,
 * and our mail must not carry a stranger's text to it.
 */
export function ticketReceivedMail(p: {
  siteName: string;
  to: string;
  reference: string;
  topic: string;
  /** The member's page for the ticket, or the helpdesk for a visitor. */
  url: string;
  supportEmail: string;
}): Mail {
  const topic = SUPPORT_TOPIC_OPTIONS.find((t) => t.key === p.topic)?.label ?? p.topic;
  const body = layout(
    p.siteName,
    `We have your request ${p.reference}`,
    [
      `Thank you for contacting ${p.siteName} support about “${topic}”. Your reference is ${p.reference}.`,
      'A member of our support team will reply by email, usually within one working day. Please quote the reference if you write to us again.',
    ],
    { label: 'View your request', url: p.url },
    `Didn’t contact us? Ignore this email or tell us at ${p.supportEmail}.`,
  );
  return {
    to: p.to,
    subject: `Your request ${p.reference} - ${p.siteName}`,
    ...body,
    links: { ticket: p.url },
  };
}
