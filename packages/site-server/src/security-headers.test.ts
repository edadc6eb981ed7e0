import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSources } from './security-headers';
import { createSiteServer } from './site-server';

const siteDir = mkdtempSync(join(tmpdir(), 'site-headers-'));
const repoRoot = join(import.meta.dirname, '..', '..', '..');

function writeManifest(remotes: unknown[]) {
  writeFileSync(join(siteDir, 'site-manifest.json'), JSON.stringify({ site: {}, remotes }));
  const later = new Date(Date.now() + Math.random() * 100_000);
  utimesSync(join(siteDir, 'site-manifest.json'), later, later);
}

beforeAll(() => {
  mkdirSync(join(siteDir, 'shell', 'js'), { recursive: true });
  writeFileSync(join(siteDir, 'shell', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(siteDir, 'shell', 'js', 'main.abc.js'), 'console.log(1)');
  writeManifest([
    { id: 'mfe-landers', entry: '/remotes/mfe-landers/v1/mf-manifest.json', routes: [{ path: '/' }] },
  ]);
});

/** The policy as a map of directive → sources. */
function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers (issue #13, item 6: no CSP and no framing protection)', () => {
  let app: Awaited<ReturnType<typeof createSiteServer>>;
  beforeAll(async () => {
    app = await createSiteServer({ siteDir, siteUrl: 'http://localhost:4173' });
    app.get('/api/probe', () => ({ ok: true }));
    app.get('/api/own-policy', (_request, reply) =>
      reply
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
        .send('<p>card</p>'),
    );
  });
  afterAll(() => app.close());

  it('sends a strict CSP, nosniff, referrer and permissions policies on pages and assets', async () => {
    for (const url of ['/', '/login', '/no-such-page', '/shell/js/main.abc.js', '/site-manifest.json']) {
      const response = await app.inject({ url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://localhost:4173']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      expect(response.headers['permissions-policy'], url).toContain('microphone=()');
      expect(response.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('never allows inline script or eval in production', async () => {
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('the shell page has no inline script or inline event handler for the CSP to block', () => {
    const html = readFileSync(join(repoRoot, 'shell', 'index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toMatch(/\ssrc=/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('allows scripts, styles and fetches from a remote deployed on another origin', async () => {
    writeManifest([
      { id: 'mfe-landers', entry: '/remotes/mfe-landers/v1/mf-manifest.json', routes: [{ path: '/' }] },
      { id: 'mfe-support', entry: 'https://cdn.example.net/mfe-support/v2/mf-manifest.json', routes: [] },
    ]);
    const csp = directives((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp.get('connect-src')).toContain('https://cdn.example.net');
    expect(csp.get('style-src')).toContain('https://cdn.example.net');
    writeManifest([
      { id: 'mfe-landers', entry: '/remotes/mfe-landers/v1/mf-manifest.json', routes: [{ path: '/' }] },
    ]);
    const back = directives((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(back.get('script-src')).toEqual(["'self'"]);
  });

  it('gives API responses nosniff and no framing, keeping a policy the API set itself', async () => {
    const json = await app.inject({ url: '/api/probe' });
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(json.headers['x-frame-options']).toBe('DENY');
    const own = await app.inject({ url: '/api/own-policy' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('lets forms post to the payment provider, and dev mode evaluate hot updates', async () => {
    const paying = await createSiteServer({
      siteDir,
      siteUrl: 'https://flirtlane.example',
      formActionOrigins: ['https://amapi.trustpay.eu'],
    });
    const csp = directives((await paying.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://amapi.trustpay.eu']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://flirtlane.example']);
    await paying.close();
    const dev = await createSiteServer({ siteDir, siteUrl: 'http://localhost:3000', development: true });
    const devCsp = directives((await dev.inject({ url: '/' })).headers['content-security-policy']);
    expect(devCsp.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(devCsp.get('frame-ancestors')).toEqual(["'none'"]);
    await dev.close();
    const apart = await createSiteServer({
      siteDir,
      siteUrl: 'https://flirtlane.example',
      connectOrigins: ['https://api.flirtlane.example', 'wss://rt.flirtlane.example'],
    });
    const apartCsp = directives((await apart.inject({ url: '/' })).headers['content-security-policy']);
    expect(apartCsp.get('connect-src')).toEqual([
      "'self'",
      'wss://flirtlane.example',
      'https://api.flirtlane.example',
      'wss://rt.flirtlane.example',
    ]);
    await apart.close();
  });
});

describe('Strict-Transport-Security (issue #13, item 9)', () => {
  it('is sent on every response when SITE_URL is https', async () => {
    const app = await createSiteServer({ siteDir, siteUrl: 'https://flirtlane.example' });
    app.get('/api/probe', () => ({ ok: true }));
    for (const url of ['/', '/shell/js/main.abc.js', '/api/probe']) {
      const response = await app.inject({ url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    await app.close();
  });

  it('is sent behind a trusted proxy that reports https, and never over plain http', async () => {
    const proxied = await createSiteServer({
      siteDir,
      siteUrl: 'http://localhost:3000',
      trustProxy: ['127.0.0.1'],
    });
    const viaHttps = await proxied.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const viaHttp = await proxied.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    await proxied.close();

    const untrusted = await createSiteServer({ siteDir, siteUrl: 'http://localhost:3000' });
    const spoofed = await untrusted.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    await untrusted.close();
  });
});

describe('the captcha provider in the CSP (issue #14, item 10)', () => {
  const policyFor = async (provider: string | undefined) => {
    const app = await createSiteServer({
      siteDir,
      siteUrl: 'http://localhost:4173',
      captcha: captchaSources(provider),
    });
    try {
      return directives((await app.inject({ url: '/register' })).headers['content-security-policy']);
    } finally {
      await app.close();
    }
  };

  it('allows no captcha origin for the built-in test provider or none', async () => {
    for (const provider of [undefined, 'test', 'hcaptcha']) {
      const csp = await policyFor(provider);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:4173']);
    }
  });

  it('allows Turnstile’s origin, and only it, when Turnstile is configured', async () => {
    const csp = await policyFor('turnstile');
    expect(csp.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(csp.get('frame-src')).toEqual(['https://challenges.cloudflare.com']);
    expect(csp.get('connect-src')).toContain('https://challenges.cloudflare.com');
    expect(JSON.stringify([...csp])).not.toContain('google');
  });

  it('allows Google’s documented reCAPTCHA sources, and only them, when reCAPTCHA is configured', async () => {
    const csp = await policyFor('recaptcha');
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(csp.get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    expect(JSON.stringify([...csp])).not.toContain('cloudflare');
  });
});

describe('analytics and ads tags in the CSP (issue #14, cookie consent)', () => {
  it('allows Google tag origins only for the tags that are configured', async () => {
    const { tagSources } = await import('./tag-sources');
    const none = await createSiteServer({
      siteDir,
      siteUrl: 'http://localhost:4173',
      extraSources: tagSources({ analyticsId: '', adsId: '' }),
    });
    const plain = String((await none.inject({ url: '/' })).headers['content-security-policy']);
    expect(plain).not.toContain('google');
    await none.close();

    const analytics = await createSiteServer({
      siteDir,
      siteUrl: 'http://localhost:4173',
      extraSources: tagSources({ analyticsId: 'G-TEST1234', adsId: '' }),
    });
    const csp = directives((await analytics.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(csp.get('img-src')).toContain('https://*.google-analytics.com');
    expect(String(csp.get('script-src'))).not.toContain('googleadservices');
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    await analytics.close();

    const ads = tagSources({ analyticsId: '', adsId: 'AW-123456' });
    expect(ads['script-src']).toEqual([
      'https://www.googletagmanager.com',
      'https://www.googleadservices.com',
      'https://www.google.com',
    ]);
    expect(ads['connect-src']).not.toContain('https://*.google-analytics.com');
  });
});
