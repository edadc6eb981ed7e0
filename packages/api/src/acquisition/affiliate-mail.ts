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

/** The operator's decision: the affiliate code and how to use it, or why we cannot accept. */
export function affiliateDecisionMail(p: {
  siteName: string;
  to: string;
  name: string;
  reference: string;
  programmeUrl: string;
  decision: { approved: true; code: string; exampleUrl: string } | { approved: false; reason: string };
}): Mail {
  const body = p.decision.approved
    ? layout(
        p.siteName,
        `Welcome to the ${p.siteName} affiliate programme, ${p.name}`,
        [
          `Your application ${p.reference} is approved. Your affiliate code is ${p.decision.code}.`,
          `Add it to any link to the site, for example ${p.decision.exampleUrl}. Visitors who register through your links are credited to you, and you earn 25% of their net revenue for 12 months.`,
          'Please keep to the partner rules on the programme page.',
        ],
        { label: 'Read the programme rules', url: p.programmeUrl },
        'You are receiving this email because you applied to our affiliate programme.',
      )
    : layout(
        p.siteName,
        `About your affiliate application, ${p.name}`,
        [
          `Thank you for applying (reference ${p.reference}). We are sorry, but we cannot accept your application.`,
          `The reason: ${p.decision.reason}`,
          'You are welcome to apply again if things change.',
        ],
        { label: 'Read about the programme', url: p.programmeUrl },
        'You are receiving this email because you applied to our affiliate programme.',
      );
  return {
    to: p.to,
    subject: `Your affiliate application ${p.reference} - ${p.siteName}`,
    ...body,
    links: { programme: p.programmeUrl },
  };
}
