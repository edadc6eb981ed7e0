import {
  apiLogin,
  demoPassword,
  headersOf,
  type Member,
  messagesIn,
  openAs,
  photo,
  registerMember,
  startConversation,
} from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

let demo: Member;

test.beforeAll(async ({ request }) => {
  demo = await apiLogin(request, 'demo@example.com', demoPassword);
});

test('a message for the conversation on screen pops nothing up; one for another page does', async ({
  browser,
  request,
}) => {
  const reader = await registerMember(request);
  const uuid = await startConversation(request, demo, reader);
  const page = await openAs(
    browser,
    reader,
    `/messages/${uuid}`,
    `private-notifications.user.${reader.uuid}`,
  );
  await page.waitForLoadState('networkidle');
  const say = async (body: string) => {
    const sent = await request.post(`/api/user-conversations/${uuid}/messages`, {
      headers: headersOf(demo),
      data: { type: 'text', body, client_msg_id: crypto.randomUUID() },
    });
    expect(sent.status()).toBe(201);
  };
  const popups = page.locator('.shell-popup');

  const first = `Are you free on Friday? ${Date.now()}`;
  await say(first);
  await expect(messagesIn(page, 'demo').getByText(first)).toBeVisible();
  // The notification reached the page (the bell lists it) but nothing covers the chat.
  await page.getByRole('button', { name: /Notifications/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('demo');
  await expect(popups).toHaveCount(0);

  await page.goto('/dashboard');
  await page.waitForLoadState('networkidle');
  await say(`Or Saturday? ${Date.now()}`);
  await expect(popups.first()).toContainText('demo');
  await page.context().close();
});

test("a stranger's photo arrives blurred until the member chooses to see it", async ({
  browser,
  request,
}) => {
  const reader = await registerMember(request);
  const uuid = await startConversation(request, demo, reader);
  const sent = await request.post(`/api/user-conversations/${uuid}/messages`, {
    headers: headersOf(demo),
    multipart: {
      client_msg_id: crypto.randomUUID(),
      image: { name: 'beach.png', mimeType: 'image/png', buffer: photo() },
    },
  });
  expect(sent.status()).toBe(201);

  const page = await openAs(browser, reader, `/messages/${uuid}`);
  const messages = messagesIn(page, 'demo');
  const show = messages.getByRole('button', { name: /Photo from demo\s*Show/ });
  await expect(show).toBeVisible();
  // Blurred, and hidden from assistive technology until shown.
  await expect(messages.getByRole('img', { name: 'Photo from demo' })).toHaveCount(0);
  expect(
    await messages
      .locator('img')
      .first()
      .evaluate((img) => getComputedStyle(img.parentElement as Element).filter),
  ).toContain('blur');
  await show.click();
  await expect(messages.getByRole('img', { name: 'Photo from demo' })).toBeVisible();
  await page.context().close();
});

test('the top bar counts the members connected, live, each once', async ({ browser, request }) => {
  const first = await registerMember(request);
  const second = await registerMember(request);
  const apiCount = async () => {
    const answer = await request.get('/api/onlines/count', { headers: { 'Site-key': 'ukdating-site01' } });
    return (await answer.json()).data.online as number;
  };
  const shows = (n: number) => `${n} online`;
  const online = (page: import('@playwright/test').Page) => page.locator('.shell-online');
  const one = await openAs(browser, first, '/dashboard', 'presence-online');
  // Members other journeys left connected, if any, read from the member's live count (the API's
  // count is cached for 10 s, so it may still include members who have just left).
  await expect(online(one)).toHaveText(/^\d+ online$/);
  const others = Number.parseInt((await online(one).textContent()) ?? '', 10) - 1;
  expect(others).toBeGreaterThanOrEqual(0);
  const two = await openAs(browser, second, '/dashboard', 'presence-online');
  await expect(online(two)).toHaveText(shows(others + 2));
  await expect(online(one)).toHaveText(shows(others + 2));
  // A second tab of the same member is still one member.
  const again = await two.context().newPage();
  await again.goto('/dashboard');
  await expect(online(again)).toHaveText(shows(others + 2));
  await expect(online(one)).toHaveText(shows(others + 2));
  // The API's public count reads the same channel.
  await expect.poll(apiCount, { timeout: 15_000 }).toBe(others + 2);
  await two.context().close();
  await expect(online(one)).toHaveText(shows(others + 1));
  await one.context().close();
});
