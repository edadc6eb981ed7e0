import { expect, test } from '../support/fixtures';

test('the home page comes from the landers remote, titled "title - product"', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chat, flirt and meet adults across the UK' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Chat, flirt and meet UK adults - Flirtlane');
  const topBar = page.getByRole('navigation', { name: 'Account' });
  await expect(topBar.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByText('Most profiles on Flirtlane are fictional')).toBeVisible();
});

test('a campaign lander renders from the catalog', async ({ page }) => {
  await page.goto('/landers/casual-dating');
  await expect(page.getByRole('heading', { level: 1, name: 'Casual dating, on your terms' })).toBeVisible();
  await expect(page).toHaveTitle('Casual dating in the UK - Flirtlane');
});

test('the FAQ comes from the support remote with the sections of the spec', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
});

test('an unknown path shows the 404 page; no remote is mounted and no page code loads', async ({ page }) => {
  const pageChunks: string[] = [];
  page.on('request', (request) => {
    // Visible links may prefetch remote entries; a page's own chunk would mean a remote rendered.
    const url = request.url();
    if (/\/remotes\/.+\/js\//.test(url) && !url.includes('__federation_expose')) pageChunks.push(url);
  });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await expect(page).toHaveTitle('This page could not be found - Flirtlane');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-remote]')).toHaveCount(0);
  expect(pageChunks).toEqual([]);
});

test('the first load fetches only the remote its route needs, and prefetches one when its link shows', async ({
  page,
}) => {
  const remotesFetched = new Set<string>();
  page.on('request', (request) => {
    const remote = request.url().match(/\/remotes\/([^/]+)\//)?.[1];
    if (remote) remotesFetched.add(remote);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...remotesFetched]).toEqual(['mfe-landers']);

  // The footer links to /faq (support) and /how-to-pay (billing): scrolling them into view warms both.
  const supportPrefetch = page.waitForRequest(/\/remotes\/mfe-support\/.+\/remoteEntry\.js/);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await supportPrefetch;
  expect(remotesFetched.has('mfe-billing')).toBe(true);
});

test('navigating between remotes resets scroll and keeps the shell; back works', async ({ page }) => {
  await page.goto('/');
  // The shell has taken over the prerendered copy (scrolling an element of the copy as it is
  // swapped out would make Playwright lose it; a visitor keeps their scroll position).
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chat, flirt and meet adults across the UK' }),
  ).toBeVisible();
});

test('the right-click menu is disabled outside the local environment', async ({ page }) => {
  await page.goto('/');
  // The rule is the shell's: it holds from when the shell's script runs, after the first paint.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        document.body.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    )
    .toBe(true);
});
