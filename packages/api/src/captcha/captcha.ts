import { timingSafeEqual } from 'node:crypto';
import { CAPTCHA } from '@ukd/contracts/api';
import { z } from 'zod';
import { ApiError, fieldError } from '../http/api-error';
import type { ResolvedCaptchaOptions } from './captcha-config';

/** What a provider says about a token: it passed, it did not, or the provider could not be asked. */
export type CaptchaVerdict = 'pass' | 'fail' | 'unavailable';

/** One captcha provider, checked on the server with its secret. */
export interface CaptchaVerifier {
  verify(token: string, remoteIp: string): Promise<CaptchaVerdict>;
}

const VERIFY_TIMEOUT_MS = 5000;

/** The always-pass provider still checks the token, so a form that skips the widget fails here too. */
function testVerifier(): CaptchaVerifier {
  const expected = Buffer.from(CAPTCHA.testToken);
  return {
    async verify(token) {
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected) ? 'pass' : 'fail';
    },
  };
}

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * Turnstile and reCAPTCHA share one protocol: the token and the secret posted as a form to the
 * provider's siteverify endpoint over HTTPS, answering `{ success, … }`.
 */
function siteverifyVerifier(
  url: string,
  secret: string,
  doFetch: typeof fetch,
  accept: (answer: z.infer<typeof siteverifyAnswer>) => boolean,
): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      let answer: z.infer<typeof siteverifyAnswer>;
      try {
        const response = await doFetch(url, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        if (!response.ok) return 'unavailable';
        answer = siteverifyAnswer.parse(await response.json());
      } catch {
        return 'unavailable';
      }
      return answer.success && accept(answer) ? 'pass' : 'fail';
    },
  };
}

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export function captchaVerifier(options: ResolvedCaptchaOptions): CaptchaVerifier {
  switch (options.provider) {
    case 'turnstile':
      return siteverifyVerifier(TURNSTILE_VERIFY_URL, options.turnstileSecret, options.fetch, () => true);
    case 'recaptcha':
      // v3 answers a score from 0 (a bot) to 1 (a person) instead of a challenge.
      return siteverifyVerifier(
        RECAPTCHA_VERIFY_URL,
        options.recaptchaSecret,
        options.fetch,
        (answer) => (answer.score ?? 0) >= options.recaptchaMinScore,
      );
    default:
      return testVerifier();
  }
}

/**
 * The captcha field of a protected form's zod body: `captcha: captchaField()`. Only presence and
 * size are checked here; `requireCaptcha` asks the provider.
 */
export function captchaField() {
  return z
    .string({ error: CAPTCHA.messages.required })
    .max(4096, { error: CAPTCHA.messages.rejected })
    .refine((token) => token.trim().length > 0, { error: CAPTCHA.messages.required });
}

/**
 * The one call a protected route makes after validation: a rejected token is a 422 on `captcha`.
 * A provider that cannot be reached is a 422 too (asking to try again), never a 503, which the
 * site reads as maintenance.
 */
export async function requireCaptcha(
  verifier: CaptchaVerifier,
  token: string,
  remoteIp: string,
): Promise<void> {
  const verdict = await verifier.verify(token, remoteIp);
  if (verdict === 'pass') return;
  if (verdict === 'unavailable')
    throw new ApiError(422, CAPTCHA.messages.unavailable, { captcha: [CAPTCHA.messages.unavailable] });
  throw fieldError(CAPTCHA.field, CAPTCHA.messages.rejected);
}
