// @vitest-environment happy-dom

import { act, cleanup, render, screen } from '@testing-library/react';
import { CAPTCHA } from '@ukd/contracts/api/constants';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Captcha, type CaptchaHandle, captchaConfig } from './captcha';
import { forgetCaptchaScripts, loadRecaptcha } from './captcha-loader';

/** Scripts the component added to the page (kept out of the DOM: the test DOM does not run them). */
let added: HTMLScriptElement[] = [];
beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof HTMLScriptElement) added.push(node);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetCaptchaScripts();
  delete window.turnstile;
  delete window.grecaptcha;
});

/** The provider's script "loads": the page's fake API appears and the load event fires. */
async function scriptLoads(install: () => void) {
  const script = added[0];
  if (!script) throw new Error('no script was added');
  install();
  await act(async () => {
    script.onload?.(new Event('load'));
  });
  return script;
}

const settings = (provider: 'test' | 'turnstile' | 'recaptcha') => ({
  captcha: { provider, turnstile_site_key: 'ts-key', recaptcha_site_key: 'rc-key' },
});

describe('Captcha', () => {
  it('reads the provider and its site key from the settings', () => {
    expect(captchaConfig(null)).toBeNull();
    expect(captchaConfig(settings('test'))).toEqual({ provider: 'test', siteKey: '' });
    expect(captchaConfig(settings('turnstile'))).toEqual({ provider: 'turnstile', siteKey: 'ts-key' });
    expect(captchaConfig(settings('recaptcha'))).toEqual({ provider: 'recaptcha', siteKey: 'rc-key' });
  });

  it('the test provider loads nothing and hands over the token the server checks', async () => {
    const ref = createRef<CaptchaHandle>();
    render(<Captcha ref={ref} config={{ provider: 'test', siteKey: '' }} action="register" />);
    expect(added).toHaveLength(0);
    expect(await ref.current?.token()).toBe(CAPTCHA.testToken);
  });

  it('without settings yet there is no token, and the server’s message shows on the field', async () => {
    const ref = createRef<CaptchaHandle>();
    render(<Captcha ref={ref} config={null} action="register" error="Please complete the captcha." />);
    expect(await ref.current?.token()).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('Please complete the captcha.');
  });

  it('Turnstile: loads its script once, renders the widget with the site key, gives its token and resets', async () => {
    const ref = createRef<CaptchaHandle>();
    let callback: ((token: string) => void) | undefined;
    const api = {
      render: vi.fn((_el: HTMLElement, options: { sitekey: string; callback(t: string): void }) => {
        callback = options.callback;
        return 'widget-1';
      }),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    const { unmount } = render(
      <Captcha ref={ref} config={{ provider: 'turnstile', siteKey: 'ts-key' }} action="x" />,
    );
    const script = await scriptLoads(() => {
      window.turnstile = api;
    });
    expect(script.src).toBe(CAPTCHA.scripts.turnstile);
    expect(api.render.mock.calls[0]?.[1].sitekey).toBe('ts-key');
    expect(await ref.current?.token()).toBe('');
    act(() => callback?.('solved-token'));
    expect(await ref.current?.token()).toBe('solved-token');
    act(() => ref.current?.reset());
    expect(api.reset).toHaveBeenCalledWith('widget-1');
    expect(await ref.current?.token()).toBe('');
    unmount();
    expect(api.remove).toHaveBeenCalledWith('widget-1');
    expect(added).toHaveLength(1);
  });

  it('reCAPTCHA v3: the key is in the script address, the token comes from execute() on submit', async () => {
    const ref = createRef<CaptchaHandle>();
    const execute = vi.fn(async () => 'v3-token');
    render(
      <Captcha ref={ref} config={{ provider: 'recaptcha', siteKey: 'rc-key' }} action="submit-request" />,
    );
    const script = await scriptLoads(() => {
      window.grecaptcha = { ready: (done) => done(), execute };
    });
    expect(script.src).toBe(`${CAPTCHA.scripts.recaptcha}rc-key`);
    expect(await ref.current?.token()).toBe('v3-token');
    expect(execute).toHaveBeenCalledWith('rc-key', { action: 'submit_request' });
  });

  it('refuses a second reCAPTCHA key with SPEC’s message', async () => {
    const first = loadRecaptcha('key-one');
    await scriptLoads(() => {
      window.grecaptcha = { ready: (done) => done(), execute: async () => 't' };
    });
    await first;
    await expect(loadRecaptcha('key-two')).rejects.toThrow(
      'reCAPTCHA already loaded with different site key!',
    );
    render(<Captcha config={{ provider: 'recaptcha', siteKey: 'key-two' }} action="x" />);
    expect((await screen.findByRole('alert')).textContent).toBe(CAPTCHA.messages.differentKey);
  });

  it('says so when the provider’s script cannot load', async () => {
    render(<Captcha config={{ provider: 'turnstile', siteKey: 'ts-key' }} action="x" />);
    const script = added[0];
    await act(async () => {
      script?.onerror?.(new Event('error'));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/could not load/);
  });
});
