import type { Page } from '@playwright/test';
import { apiLogin, demoPassword, headersOf, type Member, startConversation } from '../support/chat-kit';
import { expect, test } from '../support/fixtures';

/**
 * Issue #15: member pages load without a layout shift (CLS ≤ 0.05) on a phone. A real
 * `PerformanceObserver`, installed before the page's first script, scores every shift from the
 * navigation until the content is on screen and a second more, as Lighthouse would.
 */
test.use({ viewport: { width: 390, height: 844 } });

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

let demo: Member;
let conversationUuid: string;

test.beforeAll(async ({ request }) => {
  demo = await apiLogin(request, 'demo@example.com', demoPassword);
  const sam = await apiLogin(request, 'sam@example.com', demoPassword);
  conversationUuid = await startConversation(request, demo, sam);
  const hello = await request.post(`/api/user-conversations/${conversationUuid}/messages`, {
    headers: headersOf(demo),
    data: { client_msg_id: crypto.randomUUID(), type: 'text', body: 'Hello from the layout check' },
  });
  expect(hello.ok()).toBe(true);
});

/** Logs the demo member in through the site's form, then watches layout shifts on every load. */
async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
  await page.context().addInitScript(() => {
    const shifts: Shift[] = [];
    window.__shifts = shifts;
    const nameOf = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const classes = [...node.classList].slice(0, 2).join('.');
      return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((source) => nameOf(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts of a fresh load of `path`, read a second after `shown` is visible. */
async function shiftsLoading(page: Page, path: string, shown: (page: Page) => Promise<void>) {
  await page.goto(path);
  await shown(page);
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // The sources name what moved, so a failure says where to look.
  console.log(`${path}: CLS ${total.toFixed(4)}`, JSON.stringify(shifts));
  return { total, shifts };
}

test('/dashboard loads on a phone without its layout shifting', async ({ page }) => {
  await logIn(page);
  const { total, shifts } = await shiftsLoading(page, '/dashboard', async (loaded) => {
    await expect(
      loaded
        .getByRole('list', { name: /members/i })
        .getByRole('link')
        .first(),
    ).toBeVisible();
  });
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
});

test('a conversation loads on a phone without its layout shifting', async ({ page }) => {
  await logIn(page);
  const path = `/messages/${conversationUuid}`;
  const { total, shifts } = await shiftsLoading(page, path, async (loaded) => {
    await expect(loaded.getByRole('heading', { name: 'sam', exact: true })).toBeVisible();
    await expect(loaded.getByText('Hello from the layout check').first()).toBeVisible();
  });
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
});
