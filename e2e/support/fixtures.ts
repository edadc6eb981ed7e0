import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on an uncaught error in any of its pages: a React invariant or an unhandled
 * rejection can leave the page looking fine while something underneath broke.
 */
/** A cookie choice stored before any page loads, or null for a first visit (the banner shows). */
export type CookieChoice = { analytics: boolean; advertising: boolean } | null;

export const test = base.extend<{
  failOnPageErrors: undefined;
  cookieChoice: CookieChoice;
  presetCookieChoice: undefined;
}>({
  // Journeys are about other things: they start with cookies decided (rejected), so the banner
  // does not cover what they click. The cookie journeys set `test.use({ cookieChoice: null })`.
  cookieChoice: [{ analytics: false, advertising: false }, { option: true }],
  presetCookieChoice: [
    async ({ context, cookieChoice, baseURL }, use) => {
      if (cookieChoice && baseURL) {
        // The cookie the shell keeps beside a choice: prerendered pages then come without the banner.
        await context.addCookies([{ name: 'cookie-consent', value: '1', url: baseURL }]);
      }
      if (cookieChoice) {
        await context.addInitScript((choice) => {
          try {
            if (!localStorage.getItem('cookie-consent')) {
              const stored = { version: 1, date: new Date().toISOString(), ...choice };
              localStorage.setItem('cookie-consent', JSON.stringify(stored));
            }
          } catch {
            // about:blank and opaque origins have no storage.
          }
        }, cookieChoice);
      }
      await use(undefined);
    },
    { auto: true },
  ],
  failOnPageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: import('@playwright/test').Page) =>
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
      await use(undefined);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
