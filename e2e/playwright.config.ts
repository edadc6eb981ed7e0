import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const sitePort = Number(process.env.E2E_PORT ?? 4173);
export const siteDir = join(import.meta.dirname, '.site');
export const dataDir = join(import.meta.dirname, '.data');
/** The support address and postal address the site is configured with (the contact journey checks them). */
export const supportEmail = 'help@flirtlane-e2e.test';
export const companyAddress = '3 Quayside, Newcastle upon Tyne NE1 3DX';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker: the deploy journey rewrites the site manifest every other test reads.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${sitePort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: {
    command: 'node support/serve-site.mjs',
    url: `http://localhost:${sitePort}/site-manifest.json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      E2E_PORT: String(sitePort),
      SITE_DIR: siteDir,
      DATA_DIR: dataDir,
      SUPPORT_EMAIL: supportEmail,
      COMPANY_ADDRESS: companyAddress,
    },
  },
});
