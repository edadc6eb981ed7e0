import type { APIRequestContext, Page } from '@playwright/test';
import { joined } from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

const siteKey = 'ukdating-site01';
const password = 'Corgi-Meadow-2026';

interface Member {
  username: string;
  email: string;
  token: string;
  uuid: string;
}

async function registerMember(request: APIRequestContext, gender: 'male' | 'female'): Promise<Member> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `live_${id}`;
  const email = `live-${id}@example.com`;
  const headers = { 'Site-key': siteKey, 'Device-ID': `e2e-${id}` };
  const registered = await request.post('/api/register', {
    headers,
    data: {
      username,
      email,
      password,
      password_confirmation: password,
      gender,
      date_of_birth: '1990-03-09',
      city: 'Bristol',
      terms: true,
      // The embedded default captcha provider (`test`) accepts exactly this token.
      captcha: 'test-captcha-pass',
    },
  });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).data.access_token as string;
  const me = await request.post('/api/me', { headers: { ...headers, Authorization: `Bearer ${token}` } });
  return { username, email, token, uuid: (await me.json()).data.uuid };
}

const as = (member: Member) => ({
  'Site-key': siteKey,
  'Device-ID': 'e2e-actor',
  Authorization: `Bearer ${member.token}`,
});

async function logIn(page: Page, member: Member) {
  await page.goto('/login?redirect=%2Faccount');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
}

test('in two browsers, one member views, likes and favourites the other, who sees it live', async ({
  page,
  browser,
  request,
}) => {
  const actor = await registerMember(request, 'male');
  const watcher = await registerMember(request, 'female');
  const subscribed = joined(page, `private-notifications.user.${watcher.uuid}`);
  await logIn(page, watcher);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  // Live popups need the member's notification channel joined.
  await subscribed;

  // The other member, in a browser of their own, opens her profile and likes and favourites her.
  const actorContext = await browser.newContext();
  const actorPage = await actorContext.newPage();
  try {
    await logIn(actorPage, actor);
    await actorPage.goto(`/profile/${watcher.uuid}`);
    await expect(actorPage.getByRole('heading', { name: watcher.username })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: `${actor.username} viewed your profile` }),
    ).toBeVisible();

    await actorPage.getByRole('button', { name: 'Like' }).click();
    await expect(actorPage.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: `${actor.username} liked you` })).toBeVisible();
    await actorPage.getByRole('button', { name: 'Favourite' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${actor.username} added you to their favourites` }),
    ).toBeVisible();
  } finally {
    await actorContext.close();
  }
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread');

  // Popups leave by themselves after 5 s.
  await expect(page.getByRole('status').filter({ hasText: 'viewed your profile' })).toBeHidden({
    timeout: 8000,
  });

  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(`${actor.username} viewed your profile`)).toBeVisible();
  await expect(panel.getByText(`${actor.username} liked you`)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  await panel.getByRole('button', { name: `Delete: ${actor.username} liked you` }).click();
  await expect(page.getByText('Notification deleted')).toBeVisible();
  await expect(panel.getByText(`${actor.username} liked you`)).toBeHidden();

  // A click opens the notification's page: the viewer's profile.
  await panel.getByRole('button', { name: new RegExp(`^${actor.username} viewed your profile`) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${actor.uuid}$`));
});

test('after a dropped connection the member catches up by id: nothing missed, nothing doubled', async ({
  page,
  context,
  request,
}) => {
  const actor = await registerMember(request, 'male');
  const watcher = await registerMember(request, 'female');
  const subscribed = joined(page, `private-notifications.user.${watcher.uuid}`);
  await logIn(page, watcher);
  await subscribed;

  await context.setOffline(true);
  expect((await request.put(`/api/profiles/${watcher.uuid}/wink`, { headers: as(actor) })).ok()).toBe(true);
  await context.setOffline(false);

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  await bell.click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText(`${actor.username} winked at you`),
  ).toHaveCount(1);
});

test("a member's socket cannot join another member's channels", async ({ page, request }) => {
  const other = await registerMember(request, 'male');
  const me = await registerMember(request, 'female');
  await logIn(page, me);
  const status = await page.evaluate(
    async ({ channel, key }) => {
      const token = localStorage.getItem('auth._token.local') ?? '';
      const response = await fetch('/api/broadcasting/auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Site-key': key, Authorization: token },
        body: JSON.stringify({ socket_id: '123.456', channel_name: channel }),
      });
      return response.status;
    },
    { channel: `private-notifications.user.${other.uuid}`, key: siteKey },
  );
  expect(status).toBe(403);
});
