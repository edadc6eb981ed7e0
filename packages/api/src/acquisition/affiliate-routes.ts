import { AFFILIATE_PROMOTION_CHANNELS, affiliateApplicationResponseSchema } from '@ukd/contracts/api';
import { validationMessages } from '@ukd/validation/messages';
import { captchaField, requireCaptcha } from '../captcha/captcha';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { tooManyRequests } from '../http/rate-limiter';
import { accepted, body, email, label, oneOf, text } from '../http/rules';
import { submitApplication } from './affiliate-applications';
import { affiliateApplicationMail } from './affiliate-mail';

/** Applications per client IP and hour: enough for a team sharing an office, too few for a spam run. */
export const AFFILIATE_APPLICATION_LIMIT = { maxAttempts: 5, decaySeconds: 3600 };
export const AFFILIATE_APPLICATION_THROTTLED =
  'Too many applications from this address. Please try again later.';
export const AFFILIATE_APPLICATION_RECEIVED =
  'Thank you: your application has been received. We will reply by email within 5 working days.';

/** SPEC §5: a URL is under 2083 characters; only web addresses are a place to promote us. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const applicationBody = body({
  name: text('name', { min: 2, max: 100 }),
  email: email('email'),
  website: text('website', {
    max: 2082,
    check: (s) => (isWebAddress(s) ? undefined : validationMessages.url(label('website'))),
  }),
  channel: oneOf('channel', AFFILIATE_PROMOTION_CHANNELS),
  message: text('message', { min: 20, max: 2000 }),
  terms: accepted('terms'),
  captcha: captchaField(),
});

export function affiliateRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/affiliate-applications',
    {
      schema: {
        summary: 'Apply to the affiliate programme; answers a reference and emails a confirmation',
        tags: ['affiliates'],
        body: applicationBody,
        response: { 201: affiliateApplicationResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const site = request.site;
      await requireCaptcha(ctx.captcha, input.captcha, request.ip);
      // Counted before anything is stored, so parallel bursts each take their own place.
      await ctx.limits.take(
        `affiliate-application:ip:${request.ip}`,
        AFFILIATE_APPLICATION_LIMIT,
        (seconds) => tooManyRequests(AFFILIATE_APPLICATION_THROTTLED, seconds, 'email'),
      );
      const { reference, created } = await submitApplication(ctx.db, {
        siteId: site.id,
        name: input.name,
        email: input.email,
        website: input.website,
        channel: input.channel,
        message: input.message,
      });
      // A repeat while the first is pending mails nothing: the form cannot be used to spam an inbox.
      if (created) {
        try {
          await ctx.mailer.send(
            affiliateApplicationMail({
              siteName: site.name,
              to: input.email,
              name: input.name,
              reference,
              programmeUrl: `${ctx.options.siteUrl}/affiliates`,
            }),
          );
        } catch (err) {
          request.log.error({ err, reference }, 'affiliate confirmation mail failed');
        }
      }
      return reply.code(201).send({ data: { reference, message: AFFILIATE_APPLICATION_RECEIVED } });
    },
  );
}
