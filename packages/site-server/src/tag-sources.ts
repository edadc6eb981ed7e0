import type { AnalyticsTags } from '@ukd/api';

/** Sources a configured third-party tag adds to CSP directives. */
export type ExtraSources = Partial<Record<'script-src' | 'img-src' | 'connect-src', string[]>>;

/**
 * What Google's tag platform documents for its tags under a CSP: gtag.js from the tag manager,
 * hits to Analytics, and Ads conversion pings. Nothing is added for a tag that is not configured
 * (`ANALYTICS_ID`, `ADS_ID`); whether a configured tag actually loads is the visitor's consent.
 * Ads remarketing frames are not allowed (frame-src stays 'none'): conversions are counted by
 * requests and images alone.
 */
export function tagSources(tags: AnalyticsTags): ExtraSources {
  const script: string[] = [];
  const img: string[] = [];
  const connect: string[] = [];
  if (tags.analyticsId || tags.adsId) script.push('https://www.googletagmanager.com');
  if (tags.analyticsId) {
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
  }
  if (tags.adsId) {
    script.push('https://www.googleadservices.com', 'https://www.google.com');
    img.push('https://googleads.g.doubleclick.net', 'https://www.google.com', 'https://www.google.co.uk');
    connect.push(
      'https://www.google.com',
      'https://googleads.g.doubleclick.net',
      'https://www.googleadservices.com',
    );
  }
  const out: ExtraSources = {};
  if (script.length) out['script-src'] = script;
  if (img.length) out['img-src'] = img;
  if (connect.length) out['connect-src'] = connect;
  return out;
}
