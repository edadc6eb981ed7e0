import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

/**
 * `npm run screens`: the same freshly built site as the journeys, but the capture script in
 * screens/ instead of the tests. Not part of `npm test`.
 */
export default defineConfig({
  ...journeys,
  testDir: './screens',
  testMatch: '*.screens.ts',
  timeout: 300_000,
});
