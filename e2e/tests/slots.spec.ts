import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { SiteManifest } from '@ukd/contracts';
import { siteDir } from '../playwright.config';
import { expect, test } from '../support/fixtures';

/**
 * The demo data runs no seasonal event and puts nobody in the promo test, and the server's
 * PGlite database cannot be changed from outside while it runs; so the member's `/me` answer is
 * given the variant and the event on its way to the page. Everything else is the real site.
 */
async function asMemberInPromo(page: Page, promoBadge: 'v1' | 'v2', eventName: string) {
  await page.route('**/api/me*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> & { features: object } };
    body.data = { ...body.data, eventName, features: { ...body.data.features, promoBadge } };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/login?redirect=%2Fdashboard');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('DemoPass!2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
}

const abTestEvent = (page: Page, value: 'viewed' | 'clicked') =>
  page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      request.url().endsWith('/api/ab-test-events') &&
      request.postDataJSON()?.value === value,
  );

test('the site manifest names the one remote that fills each slot', () => {
  const manifest = JSON.parse(readFileSync(join(siteDir, 'site-manifest.json'), 'utf8')) as SiteManifest;
  const filled = Object.fromEntries(manifest.remotes.map((remote) => [remote.id, remote.slots]));
  expect(filled).toEqual({
    'mfe-landers': undefined,
    'mfe-messaging': undefined,
    'mfe-profiles': undefined,
    'mfe-billing': ['seasonal-popup', 'top-bar-promo'],
    'mfe-support': undefined,
  });
});

test('a visitor never loads billing for the top bar', async ({ page }) => {
  const billing: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mfe-billing/')) billing.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(billing).toEqual([]);
});

test('a v1 member sees the -40% badge beside Buy credits during summer; viewed and clicked are tracked', async ({
  page,
}) => {
  const viewed = abTestEvent(page, 'viewed');
  await asMemberInPromo(page, 'v1', 'summer');
  const badge = page
    .locator('[data-slot="top-bar-promo"]')
    .getByRole('link', { name: 'Buy credits, 40% off' });
  await expect(badge).toHaveText('-40%');
  expect((await viewed).postDataJSON()).toEqual({
    ab_test_type: 'promo_badge',
    group: 'v1',
    value: 'viewed',
  });

  const clicked = abTestEvent(page, 'clicked');
  await badge.click();
  expect((await clicked).postDataJSON()).toEqual({
    ab_test_type: 'promo_badge',
    group: 'v1',
    value: 'clicked',
  });
  await expect(page).toHaveURL(/\/credits\/buy$/);
});

test('a v2 member sees no badge but still reports the view', async ({ page }) => {
  const viewed = abTestEvent(page, 'viewed');
  await asMemberInPromo(page, 'v2', 'halloween');
  expect((await viewed).postDataJSON()).toEqual({
    ab_test_type: 'promo_badge',
    group: 'v2',
    value: 'viewed',
  });
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByText('-40%')).toHaveCount(0);
});

test('when billing cannot load, the slot stays empty and the top bar works', async ({ page }) => {
  await page.route('**/remotes/mfe-billing/**', (route) => route.abort());
  await asMemberInPromo(page, 'v1', 'summer');
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'Buy credits', exact: true })).toBeVisible();
  await expect(account.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(page.locator('[data-slot="top-bar-promo"]')).toBeHidden();
  await expect(page.getByText('-40%')).toHaveCount(0);
});
