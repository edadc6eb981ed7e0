import { CAPTCHA, type CaptchaProvider } from '@ukd/contracts/api/constants';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { loadRecaptcha, loadTurnstile, type TurnstileApi } from './captcha-loader';

/** Which provider protects the forms, and its public site key. */
export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
}

/** The captcha part of `GET /api/settings` (null until the settings arrive). */
export function captchaConfig(
  settings: {
    captcha: { provider: CaptchaProvider; turnstile_site_key: string; recaptcha_site_key: string };
  } | null,
): CaptchaConfig | null {
  if (!settings) return null;
  const { provider, turnstile_site_key, recaptcha_site_key } = settings.captcha;
  if (provider === 'turnstile') return { provider, siteKey: turnstile_site_key };
  if (provider === 'recaptcha') return { provider, siteKey: recaptcha_site_key };
  return { provider, siteKey: '' };
}

/** What a form does with the captcha: ask for the token on submit, reset it after a failed one. */
export interface CaptchaHandle {
  /** The token to send as `captcha`; '' when there is none yet (the server then says what to do). */
  token(): Promise<string>;
  /** Tokens are single-use: call after every submit the server answered. */
  reset(): void;
}

interface CaptchaProps {
  config: CaptchaConfig | null;
  /** reCAPTCHA v3's action name, e.g. `register` (shown in Google's console). */
  action: string;
  /** The server's message on the `captcha` field. */
  error?: string | undefined;
  ref?: Ref<CaptchaHandle>;
}

const ACTION = /[^A-Za-z_/]/g;

/**
 * The spam check of a form. The provider's script loads only when that provider is configured
 * and this component shows; the `test` provider loads nothing and hands over its fixed token,
 * which the server still checks.
 */
export function Captcha({ config, action, error, ref }: CaptchaProps) {
  const box = useRef<HTMLDivElement>(null);
  const turnstile = useRef<{ api: TurnstileApi; id: string; token: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const provider = config?.provider;
  const siteKey = config?.siteKey ?? '';

  useEffect(() => {
    setProblem(null);
    if (provider === 'recaptcha') {
      loadRecaptcha(siteKey).catch((failure: Error) => setProblem(failure.message));
      return;
    }
    if (provider !== 'turnstile') return;
    let live = true;
    loadTurnstile()
      .then((api) => {
        if (!live || !box.current) return;
        const widget = { api, id: '', token: '' };
        widget.id = api.render(box.current, {
          sitekey: siteKey,
          callback: (token) => {
            widget.token = token;
          },
          'expired-callback': () => {
            widget.token = '';
          },
          'error-callback': () => setProblem(CAPTCHA.messages.unavailable),
        });
        turnstile.current = widget;
      })
      .catch((failure: Error) => live && setProblem(failure.message));
    return () => {
      live = false;
      const widget = turnstile.current;
      turnstile.current = null;
      if (widget) widget.api.remove(widget.id);
    };
  }, [provider, siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      async token() {
        if (provider === 'test') return CAPTCHA.testToken;
        if (provider === 'turnstile') return turnstile.current?.token ?? '';
        if (provider === 'recaptcha') {
          try {
            const api = await loadRecaptcha(siteKey);
            return await api.execute(siteKey, { action: action.replace(ACTION, '_') });
          } catch (failure) {
            setProblem((failure as Error).message);
            return '';
          }
        }
        return '';
      },
      reset() {
        const widget = turnstile.current;
        if (!widget) return;
        widget.token = '';
        widget.api.reset(widget.id);
      },
    }),
    [provider, siteKey, action],
  );

  const message = error ?? problem;
  return (
    <div className={`ukd-field ukd-captcha${message ? ' ukd-field--invalid' : ''}`}>
      {provider === 'turnstile' ? <div ref={box} className="ukd-captcha__widget" /> : null}
      <p className="ukd-field__error" id="field-captcha-error" role={message ? 'alert' : undefined}>
        {message ?? ''}
      </p>
    </div>
  );
}
