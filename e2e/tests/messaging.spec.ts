import type { APIRequestContext } from '@playwright/test';
import {
  apiLogin,
  credits,
  demoPassword,
  headersOf,
  lastRow,
  type Member,
  messagesIn,
  openAs,
  photo,
  prices,
  registerMember,
  send,
  startConversation,
} from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

let demo: Member;
let sam: Member;
let conversationUuid: string;

test.beforeAll(async ({ request }) => {
  demo = await apiLogin(request, 'demo@example.com', demoPassword);
  sam = await apiLogin(request, 'sam@example.com', demoPassword);
  conversationUuid = await startConversation(request, demo, sam);
});

test('two members exchange text, a photo and a wink live, and the sender pays the listed prices', async ({
  browser,
  request,
}) => {
  const price = await prices(request, demo);
  const before = await credits(request, demo);
  // Both pages are on the conversation's channel before anything is sent, so what follows
  // arrives live, not through a catch-up.
  const channel = `private-conversation.${conversationUuid}`;
  const demoPage = await openAs(browser, demo, `/messages/${conversationUuid}`, channel);
  const samPage = await openAs(browser, sam, `/messages/${conversationUuid}`, channel);
  // The conversation screen has no member header bar; it has the chatmate and a way back.
  await expect(demoPage.getByRole('heading', { name: 'sam', exact: true })).toBeVisible();
  await expect(demoPage.getByRole('link', { name: 'Back to messages' })).toBeVisible();

  const hello = `Fancy a <b>coffee</b> on Saturday? ${Date.now()}`;
  await send(demoPage, hello);
  await expect(messagesIn(demoPage, 'sam').getByText(hello)).toBeVisible();
  // Live on the other side, as text (never HTML).
  await expect(messagesIn(samPage, 'demo').getByText(hello)).toBeVisible();
  await expect(messagesIn(samPage, 'demo').locator('b')).toHaveCount(0);
  // Sam has it on screen, so it is read: demo sees "Seen".
  await expect(messagesIn(demoPage, 'sam').locator('[data-from-me]').last()).toContainText('Seen');

  const reply = `Saturday works ${Date.now()}`;
  await send(samPage, reply);
  await expect(messagesIn(demoPage, 'sam').getByText(reply)).toBeVisible();

  await demoPage
    .getByLabel('Photo to send')
    .setInputFiles({ name: 'cafe.png', mimeType: 'image/png', buffer: photo() });
  await expect(lastRow(samPage, 'demo').getByRole('img', { name: 'Photo from demo' })).toHaveAttribute(
    'src',
    /\/api\/message-images\//,
  );
  await expect(lastRow(demoPage, 'sam').getByRole('img', { name: 'Photo you sent' })).toHaveAttribute(
    'src',
    /\/api\/message-images\//,
  );

  // The first paid wink asks once what it costs; nothing is sent until the member confirms.
  await demoPage.getByRole('button', { name: /^Send a wink/ }).click();
  const ask = demoPage.getByRole('dialog', { name: 'Send sam a wink?' });
  await expect(ask).toContainText(`A wink costs ${price.wink} credit`);
  await ask.getByRole('button', { name: 'Send wink' }).click();
  await expect(lastRow(samPage, 'demo')).toContainText('demo winked at you');
  await expect(lastRow(demoPage, 'sam')).toContainText('You sent a wink');
  await expect(lastRow(demoPage, 'sam')).toContainText(/Sent|Seen/);

  // Credits dropped by exactly text + image + wink, on the server and in the top bar.
  await expect.poll(() => credits(request, demo)).toBe(before - price.text - price.image - price.wink);
  await expect(
    demoPage.getByText(String(before - price.text - price.image - price.wink)).first(),
  ).toBeVisible();

  // The list shows the conversation, latest first, with sam's side read.
  await demoPage.getByRole('link', { name: 'Back to messages' }).click();
  await expect(demoPage.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(demoPage.getByRole('link', { name: /^sam/ }).first()).toContainText('You winked');
  await demoPage.context().close();
  await samPage.context().close();
});

test('reloading or losing the connection loses and doubles nothing', async ({ browser, request }) => {
  const stamp = Date.now();
  const first = await request.post(`/api/user-conversations/${conversationUuid}/messages`, {
    headers: headersOf(demo),
    data: { client_msg_id: crypto.randomUUID(), type: 'text', body: `Before ${stamp}` },
  });
  expect(first.status()).toBe(201);
  const samPage = await openAs(
    browser,
    sam,
    `/messages/${conversationUuid}`,
    `private-conversation.${conversationUuid}`,
  );
  const list = messagesIn(samPage, 'demo');
  // The connection goes only once the chat has read the conversation and joined its channel
  // ('networkidle' was already reached on the login page: it waited for nothing).
  await expect(list.getByText(`Before ${stamp}`)).toBeVisible();

  // Offline: messages sent meanwhile arrive by catch-up, once each.
  await samPage.context().setOffline(true);
  for (const n of [1, 2, 3]) {
    const sent = await request.post(`/api/user-conversations/${conversationUuid}/messages`, {
      headers: headersOf(demo),
      data: { client_msg_id: crypto.randomUUID(), type: 'text', body: `While away ${n} ${stamp}` },
    });
    expect(sent.status()).toBe(201);
  }
  // A retried send (same client_msg_id) is stored once.
  const clientMsgId = crypto.randomUUID();
  for (let attempt = 0; attempt < 2; attempt++) {
    const sent = await request.post(`/api/user-conversations/${conversationUuid}/messages`, {
      headers: headersOf(demo),
      data: { client_msg_id: clientMsgId, type: 'text', body: `Sent twice ${stamp}` },
    });
    expect(sent.status()).toBe(attempt === 0 ? 201 : 200);
  }
  await samPage.context().setOffline(false);
  for (const n of [1, 2, 3])
    await expect(list.getByText(`While away ${n} ${stamp}`)).toHaveCount(1, { timeout: 30_000 });
  await expect(list.getByText(`Sent twice ${stamp}`)).toHaveCount(1);

  // After a reload: each message once, in order, the newest the same as before.
  const shownIds = async () =>
    (
      await list
        .locator('[data-message-id]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-message-id')))
    ).map(Number);
  const before = await shownIds();
  await samPage.reload();
  await expect(list.getByText(`Sent twice ${stamp}`)).toHaveCount(1);
  for (const n of [1, 2, 3]) await expect(list.getByText(`While away ${n} ${stamp}`)).toHaveCount(1);
  const after = await shownIds();
  expect(new Set(after).size).toBe(after.length);
  expect([...after].sort((a, b) => a - b)).toEqual(after);
  expect(after.at(-1)).toBe(before.at(-1));
  await samPage.context().close();
});

test('a member without credits is sent to buy them, and nothing is sent', async ({ browser, request }) => {
  const broke = await registerMember(request);
  expect(await credits(request, broke)).toBe(0);
  const uuid = await startConversation(request, broke, sam);
  const page = await openAs(browser, broke, `/messages/${uuid}`);
  await send(page, 'Hello there');
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'You do not have enough credits to send this message.' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages with sam' })).toHaveCount(0);
  const messages = await request.get(`/api/user-conversations/${uuid}/messages`, {
    headers: headersOf(broke),
  });
  expect((await messages.json()).data).toHaveLength(0);
  await alert.getByRole('link', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL(/\/credits\/package$/);
  await page.context().close();
});

test("another member's conversation answers not found", async ({ browser, request }) => {
  const stranger = await registerMember(request);
  const page = await openAs(browser, stranger, '/messages');
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await page.goto(`/messages/${conversationUuid}`);
  await expect(page.getByRole('heading', { name: 'This conversation could not be found' })).toBeVisible();
  // The desktop-notification link opens the same screen.
  await page.goto(`/message/${conversationUuid}`);
  await expect(page).toHaveURL(new RegExp(`/messages/${conversationUuid}$`));
  await expect(page.getByRole('heading', { name: 'This conversation could not be found' })).toBeVisible();
  await page.context().close();
});

/** Two seeded demo members other than demo and sam, from `from` on in the browse list, with `credits` to spend. */
async function otherDemoMembers(
  request: APIRequestContext,
  from: number,
  credits = 30,
): Promise<[Member, Member]> {
  const browse = await request.get('/api/profiles', { headers: headersOf(demo), params: { limit: 50 } });
  const usernames = ((await browse.json()).data as Array<{ username: string }>)
    .map((profile) => profile.username)
    // Seeded demo members only (`olivia17`): members other journeys register have no credits.
    .filter((username) => /^[a-z]+\d+$/.test(username));
  const found: Member[] = [];
  for (const username of usernames.slice(from)) {
    const member = await apiLogin(request, `${username}@example.com`, demoPassword);
    const me = await request.post('/api/me', { headers: headersOf(member) });
    if (((await me.json()).data.credits as number) >= credits) found.push(member);
    if (found.length === 2) return found as [Member, Member];
  }
  throw new Error('two demo members with credits are needed');
}

test('a new message shows live in the list and the unread badge, and opening it reads it', async ({
  browser,
  request,
}) => {
  const [writer, reader] = await otherDemoMembers(request, 2);
  const uuid = await startConversation(request, writer, reader);
  // Once the member's notification channel is joined, new messages arrive live.
  const page = await openAs(browser, reader, '/messages', `private-notifications.user.${reader.uuid}`);
  await page.waitForLoadState('networkidle');
  // The top bar's messages icon (the header bar has a plain "Messages" link too).
  const badge = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Messages/ });
  const unread = (n: number) => (n ? `Messages, ${n} unread` : 'Messages');
  const me = await request.post('/api/me', { headers: headersOf(reader) });
  const before = (await me.json()).data.unread_messages_count as number;
  await expect(badge).toHaveAccessibleName(unread(before));

  const text = `Knock knock ${Date.now()}`;
  const sent = await request.post(`/api/user-conversations/${uuid}/messages`, {
    headers: headersOf(writer),
    data: { client_msg_id: crypto.randomUUID(), type: 'text', body: text },
  });
  expect(sent.status()).toBe(201);
  const row = page.getByRole('link', { name: `${writer.username}, unread: ${text}` });
  await expect(row).toBeVisible();
  await expect(badge).toHaveAccessibleName(unread(before + 1));

  await row.click();
  await expect(messagesIn(page, writer.username).getByText(text)).toBeVisible();
  // All of this conversation is read now; the badge counts only what is left elsewhere (none).
  await expect(badge).toHaveAccessibleName('Messages');
  await page.getByRole('link', { name: 'Back to messages' }).click();
  await expect(page.getByRole('link', { name: `${writer.username}: ${text}` })).toBeVisible();
  await page.context().close();
});

test('a long history stays light: only rows near the view are in the page, older ones load above', async ({
  browser,
  request,
}) => {
  // Two other demo members (100 credits each), so no send rate limit is shared with the tests above.
  const [alex, bea] = await otherDemoMembers(request, 4);
  const uuid = await startConversation(request, alex, bea);
  const total = 56;
  const stamp = Date.now();
  for (let n = 1; n <= total; n++) {
    const sent = await request.post(`/api/user-conversations/${uuid}/messages`, {
      headers: headersOf(n % 2 ? alex : bea),
      data: { client_msg_id: crypto.randomUUID(), type: 'text', body: `Line ${n} ${stamp}` },
    });
    expect(sent.status()).toBe(201);
  }
  const page = await openAs(browser, alex, `/messages/${uuid}`);
  const list = messagesIn(page, bea.username);
  await expect(list.getByText(`Line ${total} ${stamp}`, { exact: true })).toBeVisible();
  const rendered = await list.locator('[data-message-id]').count();
  expect(rendered).toBeGreaterThan(3);
  expect(rendered).toBeLessThan(total / 2);

  // Scrolling up reaches the first line, fetched from the page before the latest 50.
  const scroller = page.locator('ol[aria-label^="Messages with"]').locator('..');
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(list.getByText(`Line 1 ${stamp}`, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(list.getByText(`Line 1 ${stamp}`, { exact: true })).toHaveCount(1);

  // A message arriving while the member reads far up does not yank the view: a button leads down.
  const late = await request.post(`/api/user-conversations/${uuid}/messages`, {
    headers: headersOf(bea),
    data: { client_msg_id: crypto.randomUUID(), type: 'text', body: `Still there? ${stamp}` },
  });
  expect(late.status()).toBe(201);
  await page.getByRole('button', { name: /New messages/ }).click();
  await expect(list.getByText(`Still there? ${stamp}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /New messages/ })).toHaveCount(0);
  await page.context().close();
});
