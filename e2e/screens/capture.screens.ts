import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { apiLogin, demoPassword, headersOf, type Member, startConversation } from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

/** Screenshots of the main pages for reviewers: docs/screens/<name>-<width>.png and a README. */
const outDir = join(import.meta.dirname, '..', '..', 'docs', 'screens');
const widths = [
  { width: 390, height: 844, label: 'phone' },
  { width: 1280, height: 800, label: 'desktop' },
] as const;
/** Long pages are cut at this many viewport heights: enough to show the page, small files. */
const MAX_SCREENS = 2.5;

interface Shot {
  name: string;
  title: string;
  path: string;
  member: boolean;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Every picture loaded and decoded (lazy ones too, since the capture runs below the fold).
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.decode().catch(() => null);
      }),
    ),
  );
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

async function capture(browser: Browser, shots: Shot[], member: Member | null, written: string[]) {
  for (const { width, height } of widths) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    // Cookies already decided (rejected), as in the journeys: the banner would cover every page.
    await context.addInitScript(() => {
      const choice = { version: 1, date: new Date().toISOString(), analytics: false, advertising: false };
      if (!localStorage.getItem('cookie-consent'))
        localStorage.setItem('cookie-consent', JSON.stringify(choice));
    });
    const page = await context.newPage();
    if (member) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/dashboard');
    }
    for (const shot of shots) {
      await page.goto(shot.path);
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      await settle(page);
      const full = await page.evaluate(() => document.documentElement.scrollHeight);
      const file = `${shot.name}-${width}.png`;
      await page.screenshot({
        path: join(outDir, file),
        animations: 'disabled',
        caret: 'hide',
        clip: { x: 0, y: 0, width, height: Math.min(full, Math.round(height * MAX_SCREENS)) },
        fullPage: true,
      });
      written.push(file);
    }
    await context.close();
  }
}

test('screenshots of the main pages at 390 px and 1280 px', async ({ browser, request }) => {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const demo = await apiLogin(request, 'demo@example.com', demoPassword);
  const sam = await apiLogin(request, 'sam@example.com', demoPassword);
  // A conversation to show: a few messages each way.
  const conversation = await startConversation(request, demo, sam);
  const lines: Array<[Member, string]> = [
    [demo, 'Hi Sam! I saw you like hiking too. Done any good walks lately?'],
    [sam, 'Hello! Yes, Kinder Scout last weekend. Windy but gorgeous views.'],
    [demo, 'Jealous! I have been meaning to go. Any tips for a first timer?'],
    [sam, 'Start from Edale, bring layers, and save room for a pint at the end!'],
  ];
  for (const [from, body] of lines) {
    const sent = await request.post(`/api/user-conversations/${conversation}/messages`, {
      headers: headersOf(from),
      data: { type: 'text', body, client_msg_id: crypto.randomUUID() },
    });
    expect(sent.status()).toBe(201);
  }

  const written: string[] = [];
  const visitor: Shot[] = [
    { name: 'home', title: 'Home', path: '/', member: false },
    { name: 'lander32', title: 'A lander', path: '/lander32', member: false },
    { name: 'login', title: 'Log in', path: '/login', member: false },
    { name: 'register', title: 'Create account', path: '/register', member: false },
  ];
  const memberPages: Shot[] = [
    { name: 'browse', title: 'Browse (dashboard)', path: '/dashboard', member: true },
    { name: 'profile', title: `A profile (${sam.username})`, path: `/profile/${sam.uuid}`, member: true },
    { name: 'messages', title: 'Messages', path: '/messages', member: true },
    { name: 'conversation', title: 'A conversation', path: `/messages/${conversation}`, member: true },
    { name: 'prices', title: 'Buy credits (prices)', path: '/prices', member: true },
    { name: 'helpdesk', title: 'Helpdesk', path: '/helpdesk', member: true },
    { name: 'faq', title: 'FAQ', path: '/faq', member: true },
  ];
  await capture(browser, visitor, null, written);
  await capture(browser, memberPages, demo, written);

  const kb = (file: string) => Math.round(statSync(join(outDir, file)).size / 1024);
  const cells = [...visitor, ...memberPages].map((shot) => [
    shot.title,
    `\`${shot.path.replace(/[0-9a-f-]{36}/, '{uuid}')}\``,
    shot.member ? 'demo member' : 'visitor',
    widths.map(({ width }) => `[${width} px](${shot.name}-${width}.png)`).join(' · '),
  ]);
  // Columns padded as Biome formats Markdown tables, so the written file passes the lint step.
  const header = ['page', 'address', 'seen as', 'screens'];
  const sizes = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(sizes[i] ?? 0)).join(' | ')} |`;
  const table = [line(header), line(sizes.map((n) => '-'.repeat(n))), ...cells.map(line)].join('\n');
  const total = readdirSync(outDir).reduce((sum, file) => sum + kb(file), 0);
  writeFileSync(
    join(outDir, 'README.md'),
    `# Screens

The main pages of a freshly built site with its demo data, at 390 px (a phone) and 1280 px (a
desktop) wide, device scale 1, cut at ${MAX_SCREENS} screen heights. Written by \`npm run screens\`
(\`e2e/screens/capture.screens.ts\`), which builds and serves the site the way the browser journeys
do; run it again after a visible change and commit the result. ${written.length} files, ${total} KB.

${table}
`,
  );
  expect(total).toBeLessThan(6 * 1024);
});
