import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';

// TODO(lead): switch to /lander32 once the landers branch is merged.
const LANDER = '/lander32';
const ANALYTICS_ID = 'G-E2ETEST01';

function newMember() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `acq_${id}`, email: `acq-${id}@example.com`, password: 'Corgi-Meadow-2026' };
}

/** Fills and sends the register page, answering the registration request it made. */
async function register(page: Page): Promise<Request> {
  const member = newMember();
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByLabel('I am a').selectOption('male');
  await page.getByLabel('Date of birth').fill('1990-03-02');
  await page.getByLabel('Town or city').fill('Bristol');
  await page.getByRole('checkbox', { name: /terms of use/ }).check();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/register') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  const request = await sent;
  await expect(page).not.toHaveURL(/\/register/);
  return request;
}

/** What the API stored for the member signed in on this page (their data export). */
async function storedAcquisition(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const manifest = await (await page.request.get('/site-manifest.json')).json();
  const res = await page.request.get('/api/account/export', {
    headers: { authorization: String(token), 'site-key': manifest.site.key, accept: 'application/json' },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).acquisition;
}

/** Records requests for Google's tag and answers them with an empty script. */
async function watchTags(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag stub */' });
  });
  return requested;
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies on this site' });

test.describe('where members come from', () => {
  test.use({ cookieChoice: null });

  test('a visitor lands with ?s1=fb&gclid=abc, rejects cookies, browses, registers and the member carries them', async ({
    page,
  }) => {
    await page.goto(`${LANDER}?s1=fb&gclid=abc`);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
    // Browsing inside the site (no reload) keeps the values in memory, without any storage.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('acquisition'))).toBeNull();
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Create account' })
      .click();

    const request = await register(page);
    expect(request.postDataJSON().tracking).toEqual({ s1: 'fb', gclid: 'abc', landing_path: LANDER });
    expect(await storedAcquisition(page)).toMatchObject({
      s1: 'fb',
      s2: 'empty',
      gclid: 'abc',
      landing: 1,
      landing_path: LANDER,
    });
  });

  test('with advertising allowed, an affiliate link is remembered across page loads and credited', async ({
    page,
  }) => {
    await watchTags(page);
    await page.goto('/?aff=PARTNER42&s1=blog');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await page.goto('/faq?s1=later'); // a full reload and a later campaign: the first one stays
    await page.goto('/register');
    const request = await register(page);
    expect(request.postDataJSON().tracking).toMatchObject({
      aff: 'PARTNER42',
      s1: 'blog',
      landing_path: '/',
    });
    expect(await storedAcquisition(page)).toMatchObject({
      affiliate: 'PARTNER42',
      s1: 'blog',
      landing_path: '/',
    });
  });

  test('/no-affiliate records nothing', async ({ page }) => {
    await page.goto('/no-affiliate?aff=SNEAKY&s1=nope');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(page.getByRole('heading', { name: 'No affiliate tracking here' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Create account' }).click();
    const request = await register(page);
    const tracking = request.postDataJSON().tracking ?? {};
    expect(tracking.aff).toBeUndefined();
    expect(tracking.s1).toBeUndefined();
    expect(await storedAcquisition(page)).toMatchObject({ s1: 'empty', affiliate: null });
  });
});

test.describe('cookie consent', () => {
  test.use({ cookieChoice: null });

  test('Reject loads no analytics tag; a choice from the footer loads it; the choice is remembered', async ({
    page,
  }) => {
    const requested = await watchTags(page);
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // Measured once the shell has taken over the prerendered page (which swaps the elements).
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    const before = await heading.boundingBox();
    await expect(banner(page)).toBeVisible();
    // An overlay: the page under it did not move.
    expect(await heading.boundingBox()).toEqual(before);
    await expect(banner(page)).toBeFocused();

    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(heading).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(banner(page)).toBeHidden();
    expect(requested).toEqual([]);

    // Change of mind, from the footer, with the keyboard.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner(page)).toBeFocused();
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    await expect(banner(page).getByRole('checkbox', { name: /Strictly necessary/ })).toBeDisabled();
    await banner(page)
      .getByRole('checkbox', { name: /Analytics/ })
      .check();
    await banner(page).getByRole('button', { name: 'Save my choices' }).press('Enter');
    await expect
      .poll(() => requested)
      .toEqual([`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`]);

    // Remembered, with its version and date; the tag loads at once on the next visit.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? '{}');
    expect(stored).toMatchObject({ version: 1, analytics: true, advertising: false });
    expect(Date.parse(stored.date)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload();
    await expect.poll(() => requested.length).toBe(2);
    await expect(banner(page)).toBeHidden();

    // Withdrawing from the privacy page switches the tag off.
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Change cookie settings' }).click();
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    expect(
      await page.evaluate(
        (id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
        ANALYTICS_ID,
      ),
    ).toBe(true);
  });

  test('Accept all loads the tag, and the page allows it', async ({ page }) => {
    const requested = await watchTags(page);
    const response = await page.goto('/faq');
    expect(response?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect
      .poll(() => requested)
      .toEqual([`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`]);
  });
});

test('a partner applies to the affiliate programme and gets a reference and a confirmation mail', async ({
  page,
}) => {
  const email = `partner-${Date.now().toString(36)}@example.com`;
  await page.goto('/affiliates');
  await expect(page.getByRole('heading', { name: 'How it pays' })).toBeVisible();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('The name field is required')).toBeVisible();
  await page.getByLabel('Your name').fill('Jo Partner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Website or main profile').fill('https://reviews.example.co.uk');
  await page.getByLabel('How will you promote us?').selectOption('website');
  await page
    .getByLabel('Tell us about your audience')
    .fill('A UK dating review blog with 20,000 readers a month.');
  await page.getByRole('checkbox', { name: /partner rules/ }).check();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  const reference = await page.getByText(/^AFF-/).textContent();
  expect(reference).toMatch(/^AFF-[2-9A-Z]{8}$/);
  expect(await linkFromOutbox(email, 'programme')).toMatch(/\/affiliates$/);
});
