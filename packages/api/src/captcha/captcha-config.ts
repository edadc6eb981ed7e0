import { CAPTCHA_PROVIDERS, type CaptchaProvider } from '@ukd/contracts/api';

export interface CaptchaOptions {
  /** Default `test`: the embedded site works without any third party. */
  provider?: CaptchaProvider;
  turnstileSiteKey?: string;
  turnstileSecret?: string;
  recaptchaSiteKey?: string;
  recaptchaSecret?: string;
  /** reCAPTCHA v3 scores below this fail (default 0.5, Google's suggestion). */
  recaptchaMinScore?: number;
  /** How verification reaches the provider (tests pass a fake; default the global fetch). */
  fetch?: typeof fetch;
}

export interface ResolvedCaptchaOptions {
  provider: CaptchaProvider;
  turnstileSiteKey: string;
  turnstileSecret: string;
  recaptchaSiteKey: string;
  recaptchaSecret: string;
  recaptchaMinScore: number;
  fetch: typeof fetch;
}

/** A configured provider without its keys would turn every sign-up away: refuse to start instead. */
export function resolveCaptchaOptions(options: CaptchaOptions = {}): ResolvedCaptchaOptions {
  const resolved: ResolvedCaptchaOptions = {
    provider: options.provider ?? 'test',
    turnstileSiteKey: options.turnstileSiteKey ?? '',
    turnstileSecret: options.turnstileSecret ?? '',
    recaptchaSiteKey: options.recaptchaSiteKey ?? '',
    recaptchaSecret: options.recaptchaSecret ?? '',
    recaptchaMinScore: options.recaptchaMinScore ?? 0.5,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  if (resolved.provider === 'turnstile' && !(resolved.turnstileSiteKey && resolved.turnstileSecret))
    throw new Error('CAPTCHA_PROVIDER=turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET.');
  if (resolved.provider === 'recaptcha' && !(resolved.recaptchaSiteKey && resolved.recaptchaSecret))
    throw new Error('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET.');
  return resolved;
}

/** CAPTCHA_PROVIDER, TURNSTILE_SITE_KEY/TURNSTILE_SECRET, RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET, RECAPTCHA_MIN_SCORE. */
export function captchaOptionsFromEnv(env: NodeJS.ProcessEnv): CaptchaOptions {
  const named = env.CAPTCHA_PROVIDER ?? '';
  if (named && !(CAPTCHA_PROVIDERS as readonly string[]).includes(named))
    throw new Error(`CAPTCHA_PROVIDER must be one of ${CAPTCHA_PROVIDERS.join(', ')}; got "${named}".`);
  const score = Number(env.RECAPTCHA_MIN_SCORE);
  return {
    ...(named ? { provider: named as CaptchaProvider } : {}),
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? '',
    turnstileSecret: env.TURNSTILE_SECRET ?? '',
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? '',
    recaptchaSecret: env.RECAPTCHA_SECRET ?? '',
    ...(env.RECAPTCHA_MIN_SCORE && score >= 0 && score <= 1 ? { recaptchaMinScore: score } : {}),
  };
}
