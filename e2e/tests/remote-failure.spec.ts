import { expect, test } from '@playwright/test';

const homeHeading = { level: 1, name: 'Chat, flirt and meet adults across the UK' } as const;

test('a remote whose manifest is gone shows a fallback while the rest of the site works', async ({
  page,
}) => {
  await page.route('**/remotes/mfe-support/**', (route) =>
    route.fulfill({ status: 404, body: 'not deployed' }),
  );
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The shell's chrome is untouched, and another remote still renders.
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Flirtlane home' }).click();
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
});

test('Retry brings a remote back once it can be loaded again', async ({ page }) => {
  await page.route('**/remotes/mfe-support/**', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible({
    timeout: 20_000,
  });
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeHidden();
});

test('a remote that throws while rendering is contained to its section', async ({ page }) => {
  let crashed = false;
  // Make the lander page component throw during render, as a bug in a deployed remote would.
  await page.route('**/remotes/mfe-landers/**/js/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes('"data-lander":')) return route.fulfill({ response });
    crashed = true;
    const broken = body.replace(
      '"data-lander":',
      '"data-crash":(()=>{throw new Error("e2e render crash")})(),"data-lander":',
    );
    return route.fulfill({ response, body: broken });
  });
  await page.goto('/landers/casual-dating');
  await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
  expect(crashed).toBe(true);
  await expect(page.getByText('Most profiles on Flirtlane are fictional')).toBeVisible();
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
});

test('a chunk that fails to load reloads the page once, then the page shows', async ({ page }) => {
  let aborted = 0;
  await page.route('**/remotes/mfe-landers/**/js/*.js', (route) => {
    const url = route.request().url();
    if (aborted === 0 && !url.includes('__federation_expose')) {
      aborted++;
      return route.abort();
    }
    return route.continue();
  });
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/landers/casual-dating');
  // The prerendered headline shows at once; the failed chunk and the reload come after it.
  await expect.poll(() => aborted).toBe(1);
  await expect.poll(() => loads).toBe(2);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Casual dating, on your terms' })).toBeVisible();
  expect(loads).toBe(2);
});
