import type { Locator, Page } from '@playwright/test';
import {
  apiLogin,
  demoPassword,
  headersOf,
  openAs,
  registerMember,
  startConversation,
} from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

/** An image that has loaded, with its size fixed by attributes (no shift) and alt text. */
async function expectPicture(img: Locator, edge: number, alt: RegExp) {
  await expect(img).toHaveAttribute('width', String(edge));
  await expect(img).toHaveAttribute('height', String(edge));
  await expect(img).toHaveAttribute('alt', alt);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
}

/** Fails the test on any Content Security Policy report in the page's console. */
function watchCsp(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

test('every member card, chat row and profile shows a picture with alt text at a fixed size', async ({
  browser,
  request,
}) => {
  const member = await registerMember(request);
  const sam = await apiLogin(request, 'sam@example.com', demoPassword);
  const conversation = await startConversation(request, sam, member);
  const sent = await request.post(`/api/user-conversations/${conversation}/messages`, {
    headers: headersOf(sam),
    data: { type: 'text', body: 'Hello from the imagery journey', client_msg_id: crypto.randomUUID() },
  });
  expect(sent.status()).toBe(201);

  const page = await openAs(browser, member, '/dashboard');
  const cards = page.getByRole('list', { name: 'Members' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(5);
  for (let i = 0; i < count; i++) {
    // Demo members have their generated portrait as their photo.
    await expectPicture(
      cards.nth(i).getByRole('img'),
      400,
      /^(Photo of \S+|\S+ has no photo yet \(illustrated avatar\))$/,
    );
  }

  await page.goto('/messages');
  const row = page.getByRole('link', { name: new RegExp(`^${sam.username}`) });
  await expectPicture(row.locator('img'), 52, /^$/);
  await row.click();
  const header = page
    .locator('header')
    .filter({ has: page.getByRole('heading', { level: 1, name: sam.username }) });
  await expectPicture(header.locator('img'), 40, /^$/);

  // A member without a photo: their own generated portrait, named as one, never a photo.
  const other = await openAs(browser, sam, `/profile/${member.uuid}`);
  const portrait = other.getByRole('img', {
    name: `${member.username} has no photo yet (illustrated avatar)`,
  });
  await expectPicture(portrait, 800, /illustrated avatar/);
  await expect(portrait).toHaveAttribute('src', /\/api\/avatars\/male-\d\d\.svg$/);
  const svg = await request.get(new URL((await portrait.getAttribute('src')) ?? '').pathname);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  // The same member keeps the same portrait everywhere.
  const me = await request.post('/api/me', { headers: headersOf(member) });
  expect((await me.json()).data.primary_photo.url).toMatch(
    new RegExp(`${await portrait.getAttribute('src')}$`),
  );
});

test('an empty list shows its picture, a sentence and the next step', async ({ browser, request }) => {
  const member = await registerMember(request);
  const page = await openAs(browser, member, '/messages');
  const lists: Array<[string, string, string, string]> = [
    ['/messages', 'messages', 'No messages yet', 'Browse members'],
    ['/my-visitors', 'visitors', 'No visitors yet', 'Improve my profile'],
    ['/my-favorites', 'likes', 'No favourites yet', 'Browse members'],
    ['/helpdesk/requests', 'help', 'No requests yet', 'Send us a request'],
  ];
  for (const [path, art, title, next] of lists) {
    if (path !== '/messages') await page.goto(path);
    const empty = page.locator(`[data-empty-state="${art}"]`);
    await expect(empty.getByRole('heading', { name: title })).toBeVisible();
    await expect(empty.locator('svg[aria-hidden="true"]')).toHaveAttribute('width', '112');
    await expect(empty.getByRole('link', { name: next })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Notifications' }).click();
  const bell = page.getByRole('region', { name: 'Notifications' });
  await expect(bell.getByRole('heading', { name: 'All Clear' })).toBeVisible();
  await expect(bell.getByRole('link', { name: 'Browse members' })).toBeVisible();
});

test('the logo heads and foots every page, and the favicon set loads within the CSP', async ({
  page,
  request,
}) => {
  const csp = watchCsp(page);
  await page.goto('/faq');
  const home = page.getByRole('link', { name: 'Flirtlane home' });
  await expect(home).toContainText('Flirtlane');
  await expect(home.locator('svg.ukd-brand-mark')).toBeVisible();
  await expect(page.getByRole('contentinfo').locator('svg.ukd-brand-mark')).toBeVisible();

  const icons = await page
    .locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('rel'), link.getAttribute('href')] as const),
    );
  expect(icons.map(([rel]) => rel)).toEqual(['icon', 'icon', 'apple-touch-icon', 'manifest']);
  for (const [rel, href] of icons) {
    expect(href).toMatch(/^\/shell\/icons\/[\w-]+\.[0-9a-f]{10}\.(svg|png|webmanifest)$/);
    const answer = await request.get(href ?? '');
    expect(answer.status(), `${rel} ${href}`).toBe(200);
    if (rel === 'manifest') {
      const manifest = await answer.json();
      expect(manifest).toMatchObject({ name: 'Flirtlane', start_url: '/', theme_color: '#d6336c' });
      for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    }
  }
  const favicon = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"][type="image/svg+xml"]');
    const img = new Image();
    img.src = link?.href ?? '';
    await img.decode();
    return img.naturalWidth;
  });
  expect(favicon).toBeGreaterThan(0);
  expect(csp).toEqual([]);
});
