import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoPassword, headersOf, type Member, openAs, registerMember } from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

/** Issue 17: contrast and WCAG 2.2 AA, forms, skip link, no logged-out flash, online badges. */

const phone = { width: 390, height: 844 };
/** openAs logs in through the form: the email and password are all it needs. */
const demoMember = { email: 'demo@example.com', password: demoPassword } as Member;
const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function violationsOf(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function expectNoViolations(page: Page, paths: string[]) {
  await page.setViewportSize(phone);
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violationsOf(page), path).toEqual([]);
    });
  }
}

test('visitors’ pages pass axe’s WCAG 2.2 AA rules (contrast included) at 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await expectNoViolations(page, ['/', '/login', '/register', '/faq', '/prices', '/landers/casual-dating']);
});

test('members’ pages pass axe’s WCAG 2.2 AA rules (contrast included) at 390 px', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await openAs(browser, demoMember, '/dashboard');
  await expectNoViolations(page, [
    '/dashboard',
    '/messages',
    '/my-visitors',
    '/my-favorites',
    '/my-profile',
    '/account',
    '/credits/buy',
  ]);
  await page.context().close();
});

test('a failed sign-up moves focus to the first field in error and says how many need attention', async ({
  page,
}) => {
  await page.goto('/register');
  // The rules are there before any mistake.
  await expect(page.getByText('You must be 18 or over to join.')).toBeVisible();
  await expect(page.getByText(/At least 8 characters/)).toBeVisible();
  await expect(page.getByLabel('Date of birth')).toHaveAttribute(
    'aria-describedby',
    /field-date_of_birth-hint/,
  );

  await page.getByLabel('Username').fill('polish_tester');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'need attention' })).toContainText(
    /\d+ fields need attention: Email, Password/,
  );

  // Show and hide the password.
  const password = page.locator('#field-password');
  await password.fill('correct horse');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
});

test('Skip to content is the first stop on the keyboard and lands in the page', async ({ page }) => {
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  // /faq is prerendered: the keyboard walk is over the page the shell has taken over.
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  await expect(page).toHaveURL(/\/faq$/);
  // The next Tab continues inside the page, not back in the top bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main-content');
});

test('a member reloading /dashboard never sees the logged-out top bar', async ({ browser }) => {
  const page = await openAs(browser, demoMember, '/dashboard');
  await page.addInitScript(() => {
    const seen = { visitorBar: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-visitor-bar], .shell-top-bar a[href="/login"]'))
        seen.visitorBar = true;
    }).observe(document, { childList: true, subtree: true });
  });
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(page.locator('.shell-buy-credits')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { __seen: { visitorBar: boolean } }).__seen),
    ).toEqual({
      visitorBar: false,
    });
  }
  // The observer does see it when it is there: after logging out.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/faq');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __seen: { visitorBar: boolean } }).__seen),
  ).toEqual({
    visitorBar: true,
  });
  await page.context().close();
});

test('“Online now” on a profile agrees with the top bar’s count', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const viewer = await registerMember(request);
  const other = await registerMember(request);
  const onlineCount = async () => {
    const answer = await request.get('/api/onlines/count', { headers: { 'Site-key': 'ukdating-site01' } });
    return (await answer.json()).data.online as number;
  };
  const onlineProfiles = async (member: Member) => {
    const answer = await request.get('/api/profiles?filter[online]=1&limit=60', {
      headers: headersOf(member),
    });
    const page = (await answer.json()) as {
      data: Array<{ uuid: string; online: boolean }>;
      meta: { total: number };
    };
    return { total: page.meta.total, uuids: page.data.filter((p) => p.online).map((p) => p.uuid) };
  };
  const watching = await openAs(browser, viewer, '/dashboard', 'presence-online');
  const seen = await openAs(browser, other, '/dashboard', 'presence-online');

  // Every member connected, less the viewer, is "online now" to the viewer, the other member
  // among them (the API reads presence through a 10 s cache, hence the poll).
  await expect
    .poll(
      async () => {
        const { total, uuids } = await onlineProfiles(viewer);
        return uuids.includes(other.uuid) && total === (await onlineCount()) - 1;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await watching.goto(`/profile/${other.uuid}`);
  await expect(watching.getByRole('heading', { name: new RegExp(other.username) })).toContainText(
    'Online now',
    { timeout: 30_000 },
  );
  // The top bar (live presence) and the API's count (the badges' list) settle on one number.
  await expect
    .poll(
      async () => (await watching.locator('.shell-online').textContent()) === `${await onlineCount()} online`,
      {
        timeout: 30_000,
      },
    )
    .toBe(true);

  await seen.context().close();
  await expect
    .poll(
      async () => {
        await watching.reload();
        return watching
          .getByRole('heading', { name: new RegExp(other.username) })
          .textContent({ timeout: 30_000 });
      },
      { timeout: 90_000, intervals: [3_000] },
    )
    .not.toContain('Online now');
  await watching.context().close();
});

test('the header bar, foldout and page titles use one vocabulary', async ({ browser }) => {
  const page = await openAs(browser, demoMember, '/my-favorites');
  await page.setViewportSize({ width: 1280, height: 900 });
  const header = page.getByRole('navigation', { name: 'Member' });
  for (const label of ['Browse', 'Messages', 'Visitors', 'Favourites', 'Buy credits', 'Account']) {
    await expect(header.getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  await expect(header).not.toContainText('Favorites');
  await expect(header).not.toContainText('Search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favourites');
  await expect(page).toHaveTitle('Favourites - Flirtlane');
  await page.context().close();
});
