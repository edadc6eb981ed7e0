import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** SPEC §2's landers: each main path with its campaign aliases (/lander10 shows casual-dating). */
const landers: [main: string, ...aliases: string[]][] = [
  ['/landers/casual-dating', '/lander10'],
  ['/landers/chicktok2', '/chicktok2'],
  ...[11, 12, 13, 14, 15, 16, 32].map((n): [string, string] => [`/landers/lander${n}`, `/lander${n}`]),
  ['/milf'],
  ['/instagram-for-sex'],
  ['/tinderforsex'],
];

const placeholder = /lorem|ipsum|placeholder|todo|tbd|lander ?\d|^lander$|untitled/i;

async function pageFacts(page: Page, path: string) {
  const response = await page.goto(path);
  const headline = page.getByRole('heading', { level: 1 });
  await expect(headline).toBeVisible();
  return {
    status: response?.status(),
    headline: (await headline.textContent())?.trim() ?? '',
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
    canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
  };
}

test('every lander and alias answers 200 with its own headline, title and description', async ({ page }) => {
  test.setTimeout(120_000);
  const seen = { headline: new Set<string>(), title: new Set<string>(), description: new Set<string>() };
  for (const [main, ...aliases] of landers) {
    const facts = await pageFacts(page, main);
    expect(facts.status, main).toBe(200);
    expect(facts.title, main).toMatch(/ - Flirtlane$/);
    expect(facts.canonical, main).toBe(new URL(main, page.url()).href);
    for (const field of ['headline', 'title', 'description'] as const) {
      const value = facts[field] ?? '';
      expect(value.length, `${main} ${field}`).toBeGreaterThan(10);
      expect(value, `${main} ${field}`).not.toMatch(placeholder);
      expect(seen[field].has(value), `${main} ${field} is another lander's: ${value}`).toBe(false);
      seen[field].add(value);
    }
    for (const alias of aliases) {
      const same = await pageFacts(page, alias);
      expect(same.status, alias).toBe(200);
      // The same lander under a campaign address, pointing search engines at the main one.
      expect({ ...same, status: 200 }).toEqual({ ...facts, status: 200 });
    }
  }
});

test('a lander leads to registration, and keeps its layout distinct from another', async ({ page }) => {
  await page.goto('/lander13');
  await expect(page.getByText('Examples written by our team')).toBeVisible();
  await page.getByRole('link', { name: 'Try an opener free' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/landers/lander11');
  await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible();
  await expect(page.getByText('Examples written by our team')).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("every lander's call to action shows without scrolling", async ({ page }) => {
    test.setTimeout(120_000);
    for (const [main] of landers) {
      await page.goto(main);
      const cta = page.locator('a[data-cta]').first();
      await expect(cta, main).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY), main).toBe(0);
    }
  });
});

test('the blog lists articles, an article renders, and its links go to /?s1=blog', async ({ page }) => {
  expect((await page.goto('/blog'))?.status()).toBe(200);
  await expect(page).toHaveTitle('Dating advice and safety blog - Flirtlane');
  await expect(page.getByRole('heading', { level: 1, name: 'Dating advice and safety' })).toBeVisible();
  const articles = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(articles.first()).toBeVisible();
  expect(await articles.count()).toBeGreaterThanOrEqual(5);

  await page.getByRole('link', { name: 'First messages that get replies' }).click();
  await expect(page).toHaveURL(/\/blog\/first-messages$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'First messages that get replies' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Skip the one-word opener' })).toBeVisible();
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  // The article names the tab, reached in the site and loaded afresh (after the shell took over).
  await expect(page).toHaveTitle('First messages that get replies - Flirtlane');
  await page.reload();
  await expect(page.locator('#root:not([data-prerendered]) h1')).toHaveText(
    'First messages that get replies',
  );
  await expect(page).toHaveTitle('First messages that get replies - Flirtlane');

  // SPEC §2: from blog pages the brand link and Create account both go to /?s1=blog.
  const topBar = page.locator('.shell-top-bar');
  await expect(topBar.getByRole('link', { name: 'Flirtlane home' })).toHaveAttribute('href', '/?s1=blog');
  await expect(topBar.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/?s1=blog');
  await topBar.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/\?s1=blog$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chat, flirt and meet adults across the UK' }),
  ).toBeVisible();
  // Elsewhere the top bar is as before.
  await expect(page.locator('.shell-top-bar').getByRole('link', { name: 'Create account' })).toHaveAttribute(
    'href',
    '/register',
  );
});

test('an unknown article says so and links back to the blog', async ({ page }) => {
  await page.goto('/blog/no-such-article');
  await expect(page.getByRole('heading', { name: 'This article could not be found' })).toBeVisible();
  await expect(page).toHaveTitle('This article could not be found - Flirtlane');
  await page.getByRole('link', { name: 'See all articles' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
