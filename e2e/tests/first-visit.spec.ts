import { memberPlaces } from '@ukd/contracts';
import { demoPassword } from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

/** Issue #15: public pages arrive as HTML that paints before any script, and the shell takes over unseen. */
const prerendered = [
  { path: '/', headline: 'Chat, flirt and meet adults across the UK', cta: 'Create account' },
  { path: '/lander32', headline: 'Tonight could be interesting', cta: 'Join free now' },
];

/** Layout shifts so far, as the browser scores them (CLS without the session windows). */
const layoutShift = () =>
  new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 200);
  });

test('the HTML of / and /lander32 holds the headline, call to action, title, canonical and Open Graph tags', async ({
  request,
}) => {
  for (const { path, headline, cta } of prerendered) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-encoding'], path).toBe('br');
    const html = await response.text();
    expect(html, path).toMatch(
      new RegExp(`<div id="root" data-prerendered="">.*<h1[^>]*>${headline}</h1>`, 's'),
    );
    expect(html, path).toContain(`>${cta}</a>`);
    expect(html, path).toMatch(/<title>[^<]+ - Flirtlane<\/title>/);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html, path).toContain('<link rel="canonical" href="http://');
    expect(html, path).toContain('<meta property="og:title"');
  }
  // The lander's alias names its main path; the stylesheet its markup needs is linked.
  const alias = await (await request.get('/lander32')).text();
  expect(alias).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/landers\/lander32">/);
  expect(alias).toMatch(
    /<link rel="stylesheet" href="\/remotes\/mfe-landers\/[^/]+\/css\/prerender\.[0-9a-f]+\.css">/,
  );
});

test('with JavaScript off, a lander shows its headline and a working call to action', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  // A visitor who has chosen about cookies: without a script the prerendered banner stays, inert.
  await context.addCookies([{ name: 'cookie-consent', value: '1', url: baseURL ?? '' }]);
  const page = await context.newPage();
  await page.goto('/lander32');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tonight could be interesting');
  const cta = page.getByRole('link', { name: 'Join free now' }).first();
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute('href', '/register');
  // Styled by its own stylesheet: the hero's colours, not the browser's defaults.
  const background = await page
    .locator('[data-lander] section')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundImage);
  expect(background).not.toBe('none');
  await cta.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your free account');
  await context.close();
});

test('the shell takes over a prerendered page without a shift, keeping what was typed', async ({ page }) => {
  // Hold the shell's script back: the visitor reads and types into the prerendered page meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/shell\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Deferred scripts hold back `DOMContentLoaded` and `load`: wait only for the response.
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  // Nothing can be sent before the shell's own form is there (it would go as a GET).
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  await page.getByLabel('Email').fill('early@example.com');
  release();

  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  expect(await page.evaluate(layoutShift)).toBeLessThanOrEqual(0.05);

  // A lander taken over: the same headline on screen before and after, nothing shifted.
  await page.unroute(/\/shell\/js\/main\.[0-9a-f]+\.js$/);
  await page.goto('/lander32');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toHaveText(
    'Tonight could be interesting',
  );
  expect(await page.evaluate(layoutShift)).toBeLessThanOrEqual(0.05);
});

test("a member's page fetches its code and its data while the session is checked, not after", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');

  // On a slow network the session check takes a while: hold it back and watch what loads meanwhile.
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let answered = false;
  await page.route('**/api/me', async (route) => {
    await held;
    answered = true;
    await route.continue();
  });
  const whileChecking: string[] = [];
  let browseRequests = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!answered) whileChecking.push(pathname);
    if (pathname === '/api/profiles') browseRequests++;
  });
  await page.reload({ waitUntil: 'commit' });
  const preloaded = await page
    .locator('link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  // The dashboard's own code (beyond what the page's HTML preloads) comes before the answer.
  const pageCode = (path: string) =>
    /^\/remotes\/mfe-profiles\/[^/]+\/js\//.test(path) && !preloaded.includes(path);
  await expect.poll(() => whileChecking.filter(pageCode).length).toBeGreaterThan(0);
  // So does its data, with the stored token: it no longer waits for the answer and a render.
  await expect.poll(() => whileChecking.includes('/api/profiles')).toBe(true);
  // The member's page itself waits for the session.
  await expect(page.getByRole('heading', { level: 1, name: memberPlaces.browse.label })).toHaveCount(0);

  answer();
  await expect(page.getByRole('heading', { level: 1, name: memberPlaces.browse.label })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The page used that answer rather than asking again.
  await expect(page.getByRole('link', { name: /, \d+, / }).first()).toBeVisible();
  expect(browseRequests).toBe(1);
});
