import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dataDir } from '../playwright.config';
import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';

const repoRoot = join(import.meta.dirname, '..', '..');

const password = 'Corgi-Meadow-2026';

function newMember() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `e2e_${id}`, email: `e2e-${id}@example.com` };
}

async function register(page: Page, member: { username: string; email: string }) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I am a').selectOption('female');
  await page.getByLabel('Date of birth').fill('1992-04-17');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function logIn(page: Page, email: string, secret: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const accountBar = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/** A member's chrome is showing: their bell in the top bar. */
async function expectLoggedIn(page: Page) {
  await expect(accountBar(page).getByRole('button', { name: /^Notifications/ })).toBeVisible();
}

/** The header bar's Logout (desktop) goes home. */
async function logOut(page: Page) {
  await page.getByRole('navigation', { name: 'Member' }).getByRole('button', { name: 'Logout' }).click();
  await expect(accountBar(page).getByRole('link', { name: 'Log In' })).toBeVisible();
}

async function expectUsername(page: Page, username: string) {
  await page.goto('/account');
  await expect(
    page.getByRole('region', { name: 'Your account' }).getByText(username, { exact: true }),
  ).toBeVisible();
}

test('a new member registers, confirms the email, logs out, and logging in lands where they were going', async ({
  page,
}) => {
  const member = newMember();
  await register(page, member);
  await expectLoggedIn(page);
  await expect(page).not.toHaveURL(/\/register/);

  await page.goto(await linkFromOutbox(member.email, 'confirm'));
  await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByText('(confirmed)')).toBeVisible();

  await logOut(page);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await logIn(page, member.email, password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Account - Flirtlane');

  // A reload keeps the member logged in: the stored token is checked before any guard decides.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
});

test('the registration form explains what is wrong, in the browser and from the server', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The username field is required')).toBeVisible();
  await expect(page.getByText('Please fill in your city')).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please fill in a valid email address')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByText('The password must be at least 8 characters')).toBeVisible();

  // The demo member's email is taken: the API's 422 shows on the field.
  await register(page, { username: newMember().username, email: 'demo@example.com' });
  await expect(page.getByText('The email has already been taken')).toBeVisible();
  await page.goto('/faq');
  await page.goto('/register');
  await expect(page.getByText('The email has already been taken')).toBeHidden();
});

test('repeated wrong passwords are throttled with the time to wait', async ({ page }) => {
  const member = newMember();
  await register(page, member);
  await expectLoggedIn(page);
  await logOut(page);
  await page.goto('/login');
  for (let attempt = 0; attempt < 5; attempt++) {
    await logIn(page, member.email, 'wrong-password-1');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  }
  await logIn(page, member.email, 'wrong-password-1');
  await expect(page.getByText(/^Too many login attempts\. Please try again in \d+ seconds\.$/)).toBeVisible();
  // Even the right password waits until the lock-out ends.
  await logIn(page, member.email, password);
  await expect(page.getByText(/^Too many login attempts/)).toBeVisible();
});

test('a forgotten password is reset from the emailed link', async ({ page }) => {
  const member = newMember();
  await register(page, member);
  await expectLoggedIn(page);
  await logOut(page);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  // The API answers an unknown address as a known one (no user enumeration, issue #13), without a mail.
  await expect(page.getByText('We have e-mailed your password reset link!')).toBeVisible();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('We have e-mailed your password reset link!')).toBeVisible();

  await page.goto(await linkFromOutbox(member.email, 'reset'));
  await page.getByLabel('New password', { exact: true }).fill('Another-Meadow-2027');
  await page.getByLabel('Confirm new password').fill('Another-Meadow-2027');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset!')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await logIn(page, member.email, 'Another-Meadow-2027');
  await expectLoggedIn(page);
  await expectUsername(page, member.username);
});

test('maintenance sends every page to /maintenance, and /maintenance home when it ends', async ({ page }) => {
  await page.route('**/api/settings', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { data: { ...body.data, maintenance: true } } });
  });
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { name: 'Sorry! We Are Under Maintenance!' })).toBeVisible();
  await page.unrouteAll();
  await page.goto('/maintenance');
  await expect(page).toHaveURL(/\/$/);
});

test('a 503 from any API call sends the site to /maintenance', async ({ page }) => {
  await page.route('**/api/login', (route) =>
    route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
  );
  await page.goto('/login');
  await logIn(page, 'demo@example.com', 'DemoPass!2026');
  await expect(page).toHaveURL(/\/maintenance$/);
});

test('a member who deactivates is kept on /deactivated until they reactivate', async ({ page }) => {
  const member = newMember();
  await register(page, member);
  await expectLoggedIn(page);
  await page.goto('/account');
  const takeABreak = page.getByRole('region', { name: 'Take a break' });
  await takeABreak.getByLabel('Your password').fill(password);
  await takeABreak.getByRole('button', { name: 'Deactivate my account' }).click();
  await expect(page).toHaveURL(/\/deactivated$/);
  // A deactivated member sees no member menu and cannot reach member pages.
  await expect(accountBar(page).getByRole('link', { name: 'Buy credits' })).toBeHidden();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/deactivated$/);
  await page.getByRole('button', { name: 'Reactivate my account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
});

test('an operator impersonates a member with a one-time token from the CLI', async ({ page }) => {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'impersonate', 'sam@example.com'],
    { cwd: join(repoRoot, 'packages', 'api'), env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const token = output.match(/impersonate_token=([^\s&]+)/)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/login?impersonate_token=${token}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectLoggedIn(page);
  await expectUsername(page, 'sam');
  // The token is single use.
  await logOut(page);
  await page.goto(`/login?impersonate_token=${token}`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(accountBar(page).getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(accountBar(page).getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
});
