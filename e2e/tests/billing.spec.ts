import type { APIRequestContext, Page } from '@playwright/test';
import { joined } from '../support/chat-kit';
import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';

// The money path of issue #12 against the embedded payment sandbox (PAYMENTS_PROVIDER default).

const siteKey = 'ukdating-site01';
const password = 'Corgi-Meadow-2026';
const demoPassword = 'DemoPass!2026';
const WELCOME_CREDITS = 10;

interface Member {
  username: string;
  email: string;
}

function newMember(): Member {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `pay_${id}`, email: `pay-${id}@example.com` };
}

async function register(page: Page, member: Member) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I am a').selectOption('male');
  await page.getByLabel('Date of birth').fill('1990-05-12');
  await page.getByLabel('Town or city').fill('York');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: /^Notifications/ }),
  ).toBeVisible();
}

/** The top bar's Account Balance ("10 credits", or "24h" while the pass runs). */
const balance = (page: Page) =>
  page.getByRole('navigation', { name: 'Account' }).getByTitle('Account Balance').filter({ visible: true });

/** Picks a package, consents, and pays on the sandbox's hosted card page with `card`. */
async function buy(page: Page, packageName: string, price: string, card: string) {
  await page.goto('/credits/package');
  await page.getByRole('button', { name: `Choose ${packageName}` }).click();
  await expect(page).toHaveURL(/\/credits\/buy$/);
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(
    `Total: ${price} (VAT included)`,
  );
  const pay = page.getByRole('button', { name: `Pay ${price} securely` });
  // The consent starts unticked and is required.
  const consent = page.getByRole('checkbox', { name: /lose my 14-day right to cancel/ });
  await expect(consent).not.toBeChecked();
  await pay.click();
  await expect(page.getByText('Please tick the box to continue')).toBeVisible();
  await consent.check();
  await pay.click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/card\?/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/trustpay-status\?REF=FL[0-9A-F]{20}/);
}

async function apiToken(request: APIRequestContext, email: string, secret: string): Promise<string> {
  const login = await request.post('/api/login', {
    headers: { 'Site-key': siteKey, 'Device-ID': 'e2e-billing' },
    data: { email, password: secret },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).data.access_token as string;
}

const headers = (token: string) => ({
  'Site-key': siteKey,
  'Device-ID': 'e2e-billing',
  Authorization: `Bearer ${token}`,
});

async function apiCredits(request: APIRequestContext, token: string): Promise<number> {
  const me = await request.post('/api/me', { headers: headers(token) });
  return (await me.json()).data.credits as number;
}

async function sendTo(page: Page, conversationUuid: string, text: string) {
  await page.goto(`/messages/${conversationUuid}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Messages with sam' }).getByText(text)).toBeVisible();
}

test('a new member gets the welcome credits, buys credits live in two tabs, a declined card changes nothing, the pass makes sends free', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = newMember();
  await register(page, member);
  await expect(balance(page)).toContainText('0 credits');

  // Confirming the email grants the welcome credits once, as a ledger entry.
  await page.goto(await linkFromOutbox(member.email, 'confirm'));
  await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
  // The grant may land before this fresh page's socket has joined: a new page load reads /me.
  await page.goto('/dashboard');
  await expect(balance(page)).toContainText(`${WELCOME_CREDITS} credits`);

  // A second tab of the same member, left alone on the dashboard: its socket is on the credits channel.
  const other = await page.context().newPage();
  const otherOnCredits = joined(other, 'private-credits.user.');
  await other.goto('/dashboard');
  await expect(balance(other)).toContainText(`${WELCOME_CREDITS} credits`);
  await otherOnCredits;

  // 4111 1111 1111 1111 succeeds: the status page shows the new balance, the other tab follows without reload.
  await buy(page, '50 credits', '£19.99', '4111 1111 1111 1111');
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const afterPurchase = WELCOME_CREDITS + 50;
  await expect(page.getByText('Your balance is now')).toHaveText(
    `Your balance is now ${afterPurchase} credits.`,
  );
  await expect(balance(other)).toContainText(`${afterPurchase} credits`);
  await expect(balance(page)).toContainText(`${afterPurchase} credits`);

  // The credits pay for a message.
  const token = await apiToken(request, member.email, password);
  const samToken = await apiToken(request, 'sam@example.com', demoPassword);
  const sam = await request.post('/api/me', { headers: headers(samToken) });
  const started = await request.post('/api/user-conversations', {
    headers: headers(token),
    data: { recipient_uuid: (await sam.json()).data.uuid },
  });
  expect([200, 201]).toContain(started.status());
  const conversationUuid = (await started.json()).data.uuid as string;
  const prices = (await (await request.get('/api/message-prices', { headers: headers(token) })).json()).data
    .prices;
  await sendTo(page, conversationUuid, `Hello from a paying member ${Date.now()}`);
  const afterMessage = afterPurchase - (prices.text as number);
  await expect.poll(() => apiCredits(request, token)).toBe(afterMessage);

  // A declined card: a plain reason and a way to try again; the balance does not move.
  await buy(page, '20 credits', '£9.99', '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(
    page.getByText('Your bank declined the card. Try another card or contact your bank.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await apiCredits(request, token)).toBe(afterMessage);
  await expect(page.getByText('Your balance is unchanged')).toHaveText(
    `Your balance is unchanged: ${afterMessage} credits.`,
  );

  // The 24-hour pass: the balance shows 24h, and a message costs nothing while it runs.
  await buy(page, '24-hour unlimited pass', '£14.99', '4111111111111111');
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(/Your messages are free until/)).toBeVisible();
  await expect(balance(page)).toHaveText(/24h/);
  await sendTo(page, conversationUuid, `Free while the pass runs ${Date.now()}`);
  expect(await apiCredits(request, token)).toBe(afterMessage);

  // The purchase history lists all three, newest first.
  await page.goto('/credits/history');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('24-hour unlimited pass');
  await expect(rows.nth(2)).toContainText('Not completed');
  await expect(rows.nth(3)).toContainText('Paid');
  await other.close();
});

test('/credits/buy without a chosen package goes to /credits/package; /prices is public', async ({
  page,
}) => {
  await page.goto('/prices');
  await expect(page.getByRole('heading', { name: 'Prices', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Best value');
  await register(page, newMember());
  await page.goto('/credits/buy');
  await expect(page).toHaveURL(/\/credits\/package$/);
});
