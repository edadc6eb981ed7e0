import { CAPTCHA } from '@ukd/contracts/api/constants';

/** The parts of Cloudflare Turnstile's browser API the site uses. */
export interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback(token: string): void;
      'expired-callback'(): void;
      'error-callback'(): void;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

/** The parts of Google reCAPTCHA v3's browser API the site uses. */
export interface RecaptchaApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
    grecaptcha?: RecaptchaApi;
  }
}

const scripts = new Map<string, Promise<void>>();

/** One `<script>` per address for the page's life; a failed load may be tried again. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error('The spam check could not load. Please check your connection and try again.'));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

export async function loadTurnstile(): Promise<TurnstileApi> {
  await loadScript(CAPTCHA.scripts.turnstile);
  if (!window.turnstile) throw new Error('Turnstile did not start.');
  return window.turnstile;
}

let recaptchaKey: string | null = null;

/**
 * reCAPTCHA v3 takes its site key in the script's address, so a page can hold one key: asking
 * for another is refused with SPEC §8's message.
 */
export async function loadRecaptcha(siteKey: string): Promise<RecaptchaApi> {
  if (recaptchaKey !== null && recaptchaKey !== siteKey) throw new Error(CAPTCHA.messages.differentKey);
  recaptchaKey = siteKey;
  await loadScript(`${CAPTCHA.scripts.recaptcha}${encodeURIComponent(siteKey)}`);
  const api = window.grecaptcha;
  if (!api) throw new Error('reCAPTCHA did not start.');
  await new Promise<void>((resolve) => api.ready(resolve));
  return api;
}

/** Tests only: forget what this page loaded. */
export function forgetCaptchaScripts(): void {
  scripts.clear();
  recaptchaKey = null;
}
