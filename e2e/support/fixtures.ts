import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on an uncaught error in any of its pages: a React invariant or an unhandled
 * rejection can leave the page looking fine while something underneath broke.
 */
export const test = base.extend<{ failOnPageErrors: undefined }>({
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
