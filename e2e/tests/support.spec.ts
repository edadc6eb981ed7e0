import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { companyAddress, supportEmail } from '../playwright.config';
import { expect, test } from '../support/fixtures';
import { mailFromOutbox } from '../support/outbox';

const siteKey = 'ukdating-site01';
const password = 'Harbour-Lights-2026';
const REFERENCE = /^FL-[0-9A-HJKMNP-TV-Z]{6}$/;

/** A plain 320 × 240 PNG screenshot, made here so the journey needs no fixture file. */
function screenshotPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const [width, height] = [320, 240];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x99)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A member registered through the site's own form (its captcha included), logged in, on /dashboard. */
async function registered(browser: Browser): Promise<{ page: Page; email: string }> {
  const id = unique();
  const email = `sup-${id}@example.com`;
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto('/register');
  await page.getByLabel('Username').fill(`sup_${id}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I am a').selectOption('female');
  await page.getByLabel('Date of birth').fill('1992-04-18');
  await page.getByLabel('Town or city').fill('York');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, email };
}

/** Another member, made through the API with the test provider's captcha token; answers their uuid. */
async function otherMember(request: APIRequestContext): Promise<{ uuid: string; username: string }> {
  const id = unique();
  const headers = { 'Site-key': siteKey, 'Device-ID': `e2e-${id}` };
  const registered = await request.post('/api/register', {
    headers,
    data: {
      username: `rep_${id}`,
      email: `rep-${id}@example.com`,
      password,
      password_confirmation: password,
      gender: 'male',
      date_of_birth: '1988-01-02',
      city: 'Hull',
      terms: true,
      captcha: 'test-captcha-pass',
    },
  });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).data.access_token as string;
  const me = await request.post('/api/me', { headers: { ...headers, Authorization: `Bearer ${token}` } });
  return (await me.json()).data as { uuid: string; username: string };
}

test('a visitor finds an article, sends a help request and gets its reference by email', async ({ page }) => {
  await page.goto('/helpdesk');
  await page.getByRole('searchbox', { name: 'Search help articles' }).fill('refund');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/helpdesk\?q=refund$/);
  await page
    .getByRole('region', { name: /for “refund”/ })
    .getByRole('link', { name: 'Cancelling and refunds' })
    .click();
  await expect(page).toHaveURL(/\/helpdesk\/refunds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancelling and refunds' })).toBeVisible();
  // The article gives the configured support address.
  await expect(page.getByRole('link', { name: supportEmail })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );

  await page
    .getByRole('complementary', { name: 'Still need help?' })
    .getByRole('link', { name: 'Send us a request' })
    .click();
  await expect(page).toHaveURL(/\/submit-request\?topic=payments$/);
  await expect(page.getByLabel('What is it about?')).toHaveValue('payments');
  const email = `visitor-${unique()}@example.com`;
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('The message field is required')).toBeVisible();
  await page.getByLabel('Your message').fill('I bought credits this morning and they have not arrived.');
  await page.getByRole('button', { name: 'Send request' }).click();

  const reference = (await page.getByTestId('ticket-reference').textContent()) ?? '';
  expect(reference).toMatch(REFERENCE);
  const mail = await mailFromOutbox(email, reference);
  expect(mail.text).toContain(reference);
  expect(mail.text).not.toContain('have not arrived');
});

test('a member sends a request with a screenshot and follows it from their account', async ({ browser }) => {
  const { page, email } = await registered(browser);
  await page.goto('/submit-request');
  await expect(page.getByLabel('Your email address')).toHaveValue(email);
  await page.getByLabel('What is it about?').selectOption('technical');
  await page.getByLabel('Your message').fill('Photos on my profile do not load on my phone.');
  await page.getByLabel('Screenshot (optional)').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: screenshotPng(),
  });
  await page.getByRole('button', { name: 'Send request' }).click();
  const reference = (await page.getByTestId('ticket-reference').textContent()) ?? '';
  expect(reference).toMatch(REFERENCE);
  await mailFromOutbox(email, reference);

  await page.goto('/account');
  await page
    .getByRole('region', { name: 'Help and support' })
    .getByRole('link', { name: 'Your help requests' })
    .click();
  await expect(page).toHaveURL(/\/helpdesk\/requests$/);
  const requests = page.getByRole('region', { name: 'Requests' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests.getByRole('listitem')).toContainText('Open');
  await requests.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Request ${reference}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Request details' })).toContainText('Attached');

  // Someone else's reference reads as not found.
  await page.goto('/helpdesk/requests/FL-000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Request not found' })).toBeVisible();
});

test('a member reports a profile from the profile page', async ({ browser, request }) => {
  const target = await otherMember(request);
  const { page } = await registered(browser);
  await page.goto(`/profile/${target.uuid}`);
  await page.getByRole('link', { name: 'More ways to report abuse' }).click();
  await expect(page).toHaveURL(new RegExp(`/report-abuse\\?profile=${target.uuid}$`));
  const form = page.getByRole('form', { name: 'Report abuse' });
  await expect(form).toContainText('the profile you came from');
  await form.getByLabel('What happened?').selectOption('fake_profile');
  await form.getByLabel('Details (optional)').fill('Photos belong to a celebrity.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our moderators will review your report.')).toBeVisible();
});

test('the contact page shows the configured addresses, and the API wants a captcha', async ({
  page,
  request,
}) => {
  await page.goto('/contact');
  const company = page.getByRole('region', { name: 'Company details' });
  await expect(company.getByRole('link', { name: supportEmail })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );
  await expect(company.locator('address')).toHaveText(companyAddress.split(', ').join('\n'));
  await expect(page.locator('body')).not.toContainText('flirtlane.example');
  // The FAQ's answers (folded away) give the same configured address.
  await page.goto('/faq');
  await expect(page.locator(`a[href="mailto:${supportEmail}"]`)).toHaveCount(2);

  const headers = { 'Site-key': siteKey };
  const ticket = { topic: 'other', email: 'bot@example.com', message: 'Cheap followers for sale!' };
  for (const captcha of [undefined, 'guessed-token']) {
    const refused = await request.post('/api/support-tickets', { headers, data: { ...ticket, captcha } });
    expect(refused.status()).toBe(422);
    expect(Object.keys((await refused.json()).errors)).toEqual(['captcha']);
  }
});
