import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Members, conversations and the chat screen, for the journeys that message. */
const siteKey = 'ukdating-site01';
export const demoPassword = 'DemoPass!2026';
const password = 'Corgi-Meadow-2026';

export interface Member {
  email: string;
  password: string;
  token: string;
  uuid: string;
  username: string;
}

export const headersOf = (member: Member) => ({
  'Site-key': siteKey,
  'Device-ID': `e2e-${member.username}`,
  Authorization: `Bearer ${member.token}`,
});

export async function apiLogin(request: APIRequestContext, email: string, secret: string): Promise<Member> {
  const headers = { 'Site-key': siteKey, 'Device-ID': `e2e-${email.replace(/[^a-z0-9]/gi, '')}` };
  const login = await request.post('/api/login', { headers, data: { email, password: secret } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.access_token as string;
  const me = await request.post('/api/me', { headers: { ...headers, Authorization: `Bearer ${token}` } });
  const { uuid, username } = (await me.json()).data as { uuid: string; username: string };
  return { email, password: secret, token, uuid, username };
}

/** A new member: registered members start with no credits. */
export async function registerMember(request: APIRequestContext): Promise<Member> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `msg_${id}`;
  const email = `msg-${id}@example.com`;
  const registered = await request.post('/api/register', {
    headers: { 'Site-key': siteKey, 'Device-ID': `e2e-${id}` },
    data: {
      username,
      email,
      password,
      password_confirmation: password,
      gender: 'male',
      date_of_birth: '1990-03-09',
      city: 'Bristol',
      terms: true,
      // The embedded default captcha provider (`test`) accepts exactly this token.
      captcha: 'test-captcha-pass',
    },
  });
  expect(registered.status()).toBe(201);
  return apiLogin(request, email, password);
}

export async function startConversation(
  request: APIRequestContext,
  from: Member,
  to: Member,
): Promise<string> {
  const started = await request.post('/api/user-conversations', {
    headers: headersOf(from),
    data: { recipient_uuid: to.uuid },
  });
  expect([200, 201]).toContain(started.status());
  return (await started.json()).data.uuid as string;
}

export async function credits(request: APIRequestContext, member: Member): Promise<number> {
  const me = await request.post('/api/me', { headers: headersOf(member) });
  return (await me.json()).data.credits as number;
}

export async function prices(request: APIRequestContext, member: Member) {
  const answer = await request.get('/api/message-prices', { headers: headersOf(member) });
  return (await answer.json()).data.prices as { text: number; image: number; wink: number };
}

/** Resolves once the page's socket has joined a channel whose name starts with `prefix`. */
export function joined(page: Page, prefix: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload);
        if (frame.includes('subscription_succeeded') && frame.includes(`"channel":"${prefix}`)) resolve();
      }),
    );
  });
}

/** A member's own browser: a new context, logged in through the login page, on `path`. */
export async function openAs(
  browser: Browser,
  member: Member,
  path: string,
  waitFor?: string,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const subscribed = waitFor ? joined(page, waitFor) : Promise.resolve();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${path}`);
  await subscribed;
  return page;
}

/** A 240 × 240 greyscale PNG (the API accepts 200 × 200 and up). */
export function photo(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const size = 240;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((size + 1) * size, 0x80);
  for (let y = 0; y < size; y++) rows[y * (size + 1)] = 0; // filter byte per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const messagesIn = (page: Page, chatmate: string) =>
  page.getByRole('list', { name: `Messages with ${chatmate}` });

/** The newest message row on screen (the list keeps the newest in view). */
export const lastRow = (page: Page, chatmate: string) =>
  messagesIn(page, chatmate).getByRole('listitem').last();

export async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}
