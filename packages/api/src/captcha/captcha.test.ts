import { CAPTCHA } from '@ukd/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, startTestApi, type TestApi } from '../test/harness';
import { captchaVerifier, RECAPTCHA_VERIFY_URL, TURNSTILE_VERIFY_URL } from './captcha';
import { captchaOptionsFromEnv, resolveCaptchaOptions } from './captcha-config';

interface Call {
  url: string;
  form: URLSearchParams;
}

/** A provider's siteverify endpoint: records each call and answers what the test says. */
function fakeProvider(answer: (form: URLSearchParams) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const form = new URLSearchParams(String(init?.body ?? ''));
    calls.push({ url: String(input), form });
    return answer(form);
  };
  return { calls, fetchFn };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('captcha providers', () => {
  it('the test provider passes only its own token', async () => {
    const verifier = captchaVerifier(resolveCaptchaOptions());
    expect(await verifier.verify(CAPTCHA.testToken, '1.2.3.4')).toBe('pass');
    for (const token of ['', 'test-captcha-pas', `${CAPTCHA.testToken} `, 'XXXX.DUMMY.TOKEN.XXXX'])
      expect(await verifier.verify(token, '1.2.3.4')).toBe('fail');
  });

  it('Turnstile posts the token, secret and client IP to its siteverify endpoint over HTTPS', async () => {
    const provider = fakeProvider((form) => json({ success: form.get('response') === 'good-token' }));
    const verifier = captchaVerifier(
      resolveCaptchaOptions({
        provider: 'turnstile',
        turnstileSiteKey: 'site',
        turnstileSecret: 'sec',
        fetch: provider.fetchFn,
      }),
    );
    expect(await verifier.verify('good-token', '203.0.113.9')).toBe('pass');
    expect(await verifier.verify('bad-token', '203.0.113.9')).toBe('fail');
    expect(provider.calls[0]?.url).toBe(TURNSTILE_VERIFY_URL);
    expect(TURNSTILE_VERIFY_URL.startsWith('https://')).toBe(true);
    expect(Object.fromEntries(provider.calls[0]?.form ?? [])).toEqual({
      secret: 'sec',
      response: 'good-token',
      remoteip: '203.0.113.9',
    });
  });

  it('reCAPTCHA v3 also needs a score at or above the minimum', async () => {
    let score = 0.9;
    const provider = fakeProvider(() => json({ success: true, score }));
    const verifier = captchaVerifier(
      resolveCaptchaOptions({
        provider: 'recaptcha',
        recaptchaSiteKey: 'k',
        recaptchaSecret: 's',
        fetch: provider.fetchFn,
      }),
    );
    expect(await verifier.verify('t', '::1')).toBe('pass');
    score = 0.1;
    expect(await verifier.verify('t', '::1')).toBe('fail');
    expect(provider.calls[0]?.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(provider.calls[0]?.form.get('secret')).toBe('s');
  });

  it('a provider that errors, times out or answers nonsense is "unavailable", never a pass', async () => {
    const answers: (() => Response | Promise<Response>)[] = [
      () => json({ error: 'down' }, 500),
      () => new Response('<html>', { status: 200 }),
      () => json({ ok: true }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    for (const answer of answers) {
      const provider = fakeProvider(answer);
      const verifier = captchaVerifier(
        resolveCaptchaOptions({
          provider: 'turnstile',
          turnstileSiteKey: 'a',
          turnstileSecret: 'b',
          fetch: provider.fetchFn,
        }),
      );
      expect(await verifier.verify('t', '::1')).toBe('unavailable');
    }
  });

  it('refuses to start with a provider but no keys, or an unknown provider', () => {
    expect(() => resolveCaptchaOptions({ provider: 'turnstile', turnstileSiteKey: 'only-site' })).toThrow(
      /TURNSTILE_SECRET/,
    );
    expect(() => resolveCaptchaOptions({ provider: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => captchaOptionsFromEnv({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_PROVIDER/);
    expect(
      captchaOptionsFromEnv({
        CAPTCHA_PROVIDER: 'turnstile',
        TURNSTILE_SITE_KEY: 'a',
        TURNSTILE_SECRET: 'b',
      }),
    ).toMatchObject({ provider: 'turnstile', turnstileSiteKey: 'a', turnstileSecret: 'b' });
    expect(resolveCaptchaOptions(captchaOptionsFromEnv({})).provider).toBe('test');
  });
});

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`captcha on protected routes (${driver})`, () => {
    let api: TestApi;
    let verdict: Response | Error = json({ success: true });
    const provider = fakeProvider(() =>
      verdict instanceof Error ? Promise.reject(verdict) : verdict.clone(),
    );
    beforeAll(async () => {
      api = await startTestApi(driver, {
        captcha: {
          provider: 'turnstile',
          turnstileSiteKey: 'site-key-1',
          turnstileSecret: 'secret-1',
          fetch: provider.fetchFn,
        },
      });
    });
    afterAll(async () => {
      await api?.close();
    });

    it('settings name the provider and its site key, never the secret', async () => {
      const settings = (await api.call('GET', '/api/settings')).json();
      expect(settings.data.captcha).toEqual({
        provider: 'turnstile',
        turnstile_site_key: 'site-key-1',
        recaptcha_site_key: '',
      });
      expect(JSON.stringify(settings)).not.toContain('secret-1');
    });

    it('registration and help requests pass with a token the provider accepts, and 422 on captcha otherwise', async () => {
      verdict = json({ success: true });
      const ok = await api.call('POST', '/api/register', { body: newMember({ captcha: 'provider-token' }) });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(provider.calls.at(-1)?.form.get('response')).toBe('provider-token');
      // The test provider's token means nothing to a real provider.
      verdict = json({ success: false, 'error-codes': ['invalid-input-response'] });
      for (const [url, body] of [
        ['/api/register', newMember({ captcha: CAPTCHA.testToken })],
        [
          '/api/support-tickets',
          {
            topic: 'other',
            email: 'x@example.com',
            message: 'A question for you.',
            captcha: CAPTCHA.testToken,
          },
        ],
      ] as const) {
        const res = await api.call('POST', url, { body, ip: '198.51.100.7' });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().errors).toEqual({ captcha: [CAPTCHA.messages.rejected] });
      }
      verdict = new TypeError('fetch failed');
      const down = await api.call('POST', '/api/register', {
        body: newMember({ captcha: 'provider-token' }),
      });
      expect(down.statusCode).toBe(422);
      expect(down.json().errors).toEqual({ captcha: [CAPTCHA.messages.unavailable] });
    });
  });
}
