/**
 * SPEC §7's analytics tag and search-ads tracker, by configuration: `ANALYTICS_ID` (a Google
 * Analytics measurement id, `G-…`) and `ADS_ID` (a Google Ads id, `AW-…`). The browser loads
 * them only after the visitor consents to that category; the site server's CSP allows their
 * origins only when they are set. Empty string: not configured.
 */
export interface AnalyticsTags {
  analyticsId: string;
  adsId: string;
}

const ANALYTICS_ID = /^G-[A-Z0-9]{4,16}$/;
const ADS_ID = /^AW-[0-9]{4,16}$/;

/** Reads the ids; a malformed one is ignored with a warning rather than put into a script URL. */
export function analyticsTagsFromEnv(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void = console.warn,
): AnalyticsTags {
  const read = (name: string, pattern: RegExp, example: string) => {
    const value = env[name]?.trim() ?? '';
    if (value === '' || pattern.test(value)) return value;
    warn(`${name}=${value} is not a valid id (e.g. ${example}); the tag stays off`);
    return '';
  };
  return {
    analyticsId: read('ANALYTICS_ID', ANALYTICS_ID, 'G-ABC123XYZ9'),
    adsId: read('ADS_ID', ADS_ID, 'AW-123456789'),
  };
}
