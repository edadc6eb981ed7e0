import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteManifest } from '@ukd/contracts';
import { type DevSite, startDevSite } from '../support/dev-site';
import { expect, test } from '../support/fixtures';

const faqPage = join(import.meta.dirname, '..', '..', 'mfe-support', 'src', 'pages', 'faq-page.tsx');

test.describe('npm run dev -- mfe-support', () => {
  let dev: DevSite | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dev = await startDevSite(['mfe-support']);
  });

  test.afterAll(async () => {
    await dev?.stop();
  });

  test('only the named remote runs from a dev build; the others are production builds', async ({
    request,
  }) => {
    const manifest = (await (await request.get(`${dev!.url}/site-manifest.json`)).json()) as SiteManifest;
    const devBuilds = manifest.remotes.filter((remote) => remote.entry.includes('/dev/')).map((r) => r.id);
    expect(devBuilds).toEqual(['mfe-support']);
    expect(manifest.remotes).toHaveLength(5);
  });

  test('an edit to a component of the remote is swapped into the open page without a reload', async ({
    page,
  }) => {
    await page.goto(`${dev!.url}/faq`);
    const help = page.getByRole('heading', { name: 'Didn’t find your answer?' });
    await expect(help).toBeVisible();
    // What a reload or a remount would lose: a value on the page's window, an answer the
    // visitor opened, and the DOM node React rendered.
    await page.getByText('How do I get started?').click();
    await expect(page.locator('details#getting-started')).toHaveJSProperty('open', true);
    await page.evaluate(() => {
      const marker = window as Window & { hotMarker?: unknown };
      marker.hotMarker = document.querySelector('aside[aria-labelledby="faq-help"]');
    });

    const original = readFileSync(faqPage, 'utf8');
    try {
      writeFileSync(faqPage, original.replace('Didn’t find your answer?', 'Still looking for an answer?'));
      await expect(page.getByRole('heading', { name: 'Still looking for an answer?' })).toBeVisible({
        timeout: 30_000,
      });
    } finally {
      writeFileSync(faqPage, original);
    }

    expect(
      await page.evaluate(() => {
        const marker = window as Window & { hotMarker?: unknown };
        return marker.hotMarker === document.querySelector('aside[aria-labelledby="faq-help"]');
      }),
    ).toBe(true);
    await expect(page.locator('details#getting-started')).toHaveJSProperty('open', true);
    // The restored source is swapped back in the same way.
    await expect(help).toBeVisible({ timeout: 30_000 });
  });
});
