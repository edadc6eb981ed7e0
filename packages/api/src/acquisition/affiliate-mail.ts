import type { Mail } from '../mail/mailer';
import { layout } from '../mail/messages';

/** Confirms an affiliate application: its reference and what happens next. */
export function affiliateApplicationMail(p: {
  siteName: string;
  to: string;
  name: string;
  reference: string;
  programmeUrl: string;
}): Mail {
  const body = layout(
    p.siteName,
    `Thanks for applying, ${p.name}`,
    [
      `We have received your application to the ${p.siteName} affiliate programme. Your reference is ${p.reference}.`,
      'We review every application by hand within 5 working days and reply to this address with your affiliate code, or with the reason we cannot accept it.',
    ],
    { label: 'Read about the programme', url: p.programmeUrl },
    'You are receiving this email because this address was used to apply to our affiliate programme. If that was not you, ignore it: nothing else will be sent.',
  );
  return {
    to: p.to,
    subject: `Your affiliate application ${p.reference} - ${p.siteName}`,
    ...body,
    links: { programme: p.programmeUrl },
  };
}
