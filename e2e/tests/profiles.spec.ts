import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** A 240 × 240 JPEG (the API accepts 200 × 200 and up), made with sharp for this test. */
const smallJpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCADwAPADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAUgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAD/2Q==',
  'base64',
);

/** A PNG of 7000 × 6000 pixels (42 MP, over the 40 MP limit) that is only a few KB on disk. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const [width, height] = [7000, 6000];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const row = Math.ceil(width / 8) + 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(row * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const password = 'Corgi-Meadow-2026';

interface Member {
  username: string;
  email: string;
  gender: 'male' | 'female';
  city: string;
  dateOfBirth: string;
}

function newMember(gender: Member['gender'], city: string, dateOfBirth: string): Member {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `pr_${id}`, email: `pr-${id}@example.com`, gender, city, dateOfBirth };
}

const accountBar = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const profilesNav = (page: Page) => page.getByRole('navigation', { name: 'Profiles' });

/** A member in a browser of their own, registered and logged in. */
async function registered(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I am a').selectOption(member.gender);
  await page.getByLabel('Date of birth').fill(member.dateOfBirth);
  await page.getByLabel('Town or city').fill(member.city);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  // New members land on /dashboard; the top bar shows a member's balance and Buy credits.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(accountBar(page).getByRole('link', { name: 'Buy credits' })).toBeVisible();
  return page;
}

/** Opens /dashboard's filters (folded away on a phone) and applies them. */
async function search(
  page: Page,
  filters: { gender?: string; ageFrom?: string; ageTo?: string; city?: string; username?: string },
) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const form = page.getByRole('form', { name: 'Filters' });
  if (filters.gender) await form.getByLabel('Looking for').selectOption(filters.gender);
  if (filters.ageFrom) await form.getByLabel('Age from').selectOption(filters.ageFrom);
  if (filters.ageTo) await form.getByLabel('Age to').selectOption(filters.ageTo);
  if (filters.city) await form.getByLabel('Town or city').fill(filters.city);
  if (filters.username) await form.getByLabel('Username starts with').fill(filters.username);
  await form.getByRole('button', { name: 'Show members' }).click();
}

const results = (page: Page) => page.getByRole('list', { name: 'Members' });

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(/^Add (a|another) photo$/).setInputFiles(file);
}

/** The completion flow after registration: words, place, then a photo. */
async function completeProfile(page: Page) {
  // Right after registering, /dashboard offers the completion flow.
  await page.getByRole('link', { name: 'Complete my profile' }).click();
  await expect(page).toHaveURL(/\/profile\/complete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeVisible();
  // Nothing filled in: SPEC §5 messages on the fields.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The headline field is required')).toBeVisible();
  await page.getByLabel('Headline').fill('Sunday roasts and long walks');
  await page.getByLabel('About me').fill('Too short');
  await page.getByLabel('About me').blur();
  await expect(page.getByText('The about must be at least 20 characters')).toBeVisible();
  await page
    .getByLabel('About me')
    .fill('Engineer from Bristol who likes the coast, gigs and a good pub quiz.');
  await page.getByLabel('Looking for').fill('Someone kind with a sense of humour.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Where you are' })).toBeVisible();
  await page.getByLabel('Region').selectOption({ label: 'South West' });
  await expect(page.getByLabel('Town or city')).toHaveValue('Bristol');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your photo' })).toBeVisible();
  await expect(page.getByText('Add a photo of yourself')).toBeVisible();
  await upload(page, { name: 'me.jpg', mimeType: 'image/jpeg', buffer: smallJpeg });
  await expect(
    page.getByText('Photo uploaded. Other members see it once our team has approved it.'),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Your photos' }).getByText('Waiting for approval'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  await expect(page.getByText('1 photo is waiting for approval.', { exact: false })).toBeVisible();
  await expect(page.getByText('“Sunday roasts and long walks”')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Browse', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete my profile' })).toBeHidden();
}

test('a fake, oversized or too-many-pixel photo is refused with a clear message', async ({ browser }) => {
  const page = await registered(browser, newMember('female', 'Leeds', '1995-09-09'));
  await page.goto('/profile/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit my profile' })).toBeVisible();
  // Text dressed up as a JPEG: the API checks the content and answers 422.
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/my-photos') && r.request().method() === 'POST',
  );
  await upload(page, {
    name: 'holiday.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a photo at all'),
  });
  expect((await answer).status()).toBe(422);
  await expect(page.getByRole('alert')).toHaveText('The photo must be an image (JPEG, PNG, WebP or HEIC).');
  // 42 megapixels in a few KB: refused from the header, before anything is decoded.
  const bomb = page.waitForResponse(
    (r) => r.url().endsWith('/api/my-photos') && r.request().method() === 'POST',
  );
  await upload(page, { name: 'huge.png', mimeType: 'image/png', buffer: pixelBomb() });
  expect((await bomb).status()).toBe(422);
  await expect(page.getByRole('alert')).toHaveText('The photo has too many pixels (at most 40 megapixels).');
  // Over 10 MB: the same message as the API's, before megabytes go over a phone connection.
  await upload(page, {
    name: 'big.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
  });
  await expect(page.getByRole('alert')).toHaveText('The photo may not be greater than 10240 kilobytes.');
  await expect(page.getByText('You have no photos yet.', { exact: false })).toBeVisible();
});

test('a member finds another through filters, likes, favourites and winks; the other sees visits, favourites and counts; blocking hides them both ways', async ({
  browser,
}) => {
  // Two members, two browsers and a dozen pages: longer than one page's default minute.
  test.setTimeout(120_000);
  const seeker = newMember('male', 'Bristol', '1990-06-01');
  const sought = newMember('female', 'York', '1993-02-11');
  const her = await registered(browser, sought);
  const him = await registered(browser, seeker);
  await completeProfile(him);

  // Filters live in the address and find her: women aged 30 to 35 in York whose name starts so.
  await search(him, {
    gender: 'female',
    ageFrom: '30',
    ageTo: '35',
    city: 'york',
    username: sought.username,
  });
  await expect(him).toHaveURL(
    new RegExp(`/dashboard\\?gender=female&age_min=30&age_max=35&city=york&username=${sought.username}$`),
  );
  const card = results(him).getByRole('link', { name: new RegExp(`^${sought.username}, \\d+, York`) });
  await expect(card).toBeVisible();
  // A different age range leaves her out.
  await him.goto(`/dashboard?gender=female&age_min=40&username=${sought.username}`);
  await expect(him.getByRole('heading', { name: 'No one matches your filters' })).toBeVisible();
  await him.goBack();
  await card.click();

  await expect(him).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  const herProfile = new URL(him.url()).pathname;
  await expect(
    him.getByRole('heading', { level: 1, name: new RegExp(`^${sought.username}, \\d+`) }),
  ).toBeVisible();
  await expect(him).toHaveTitle('Profile - Flirtlane');
  for (const [button, said] of [
    ['Like', `You like ${sought.username}.`],
    ['Favourite', `${sought.username} is in your favourites.`],
    ['Wink', `You winked at ${sought.username}.`],
  ] as const) {
    await him.getByRole('button', { name: button, exact: true }).click();
    await expect(him.getByText(said)).toBeVisible();
    await expect(him.getByRole('button', { name: button, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  // The state is the server's: a reload shows the same toggles pressed.
  await him.reload();
  await expect(him.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Message opens the conversation with her, started by the API.
  await him.getByRole('button', { name: `Message ${sought.username}` }).click();
  await expect(him).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await him.goto('/my-favorites');
  await expect(
    him
      .getByRole('list', { name: 'My favourites' })
      .getByRole('link', { name: new RegExp(`^${sought.username}`) }),
  ).toBeVisible();

  // She logs in fresh to read her counts from the API, as the shell does at boot.
  await her.goto('/my-profile');
  await her.reload();
  await expect(profilesNav(her).getByRole('link', { name: /Visitors/ })).toContainText('1 new visitors');
  await expect(profilesNav(her).getByRole('link', { name: /Favourites/ })).toContainText('1 new favourites');
  const activity = her.getByRole('list', { name: 'Your activity' });
  await expect(activity.getByText('Winks received')).toBeVisible();
  await expect(activity.getByRole('listitem').filter({ hasText: 'Winks received' })).toContainText('1');

  await profilesNav(her)
    .getByRole('link', { name: /Visitors/ })
    .click();
  await expect(her).toHaveURL(/\/my-visitors$/);
  const visitor = her
    .getByRole('list', { name: 'Visitors' })
    .getByRole('link', { name: new RegExp(`^${seeker.username}, \\d+, Bristol`) });
  await expect(visitor).toContainText('New');
  // Opening the list resets the count, in the store and on the API.
  await expect(profilesNav(her).getByRole('link', { name: /Visitors/ })).toHaveText('Visitors');
  await her.goto('/my-favorites?type=received');
  await expect(
    her
      .getByRole('list', { name: 'Members who favourited me' })
      .getByRole('link', { name: new RegExp(`^${seeker.username}`) }),
  ).toBeVisible();
  await expect(profilesNav(her).getByRole('link', { name: /Favourites/ })).toHaveText('Favourites');
  await her.reload();
  await expect(profilesNav(her).getByRole('link', { name: /Visitors/ })).toHaveText('Visitors');

  // She blocks him from her visitors list, after confirming.
  await her.goto('/my-visitors');
  await visitor.click();
  await her.getByRole('button', { name: `Report ${seeker.username}` }).click();
  const report = her.getByRole('dialog', { name: `Report ${seeker.username}` });
  await report.getByLabel('Scam, spam or asking for money').check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toBeVisible();
  await report.getByRole('button', { name: 'Close', exact: true }).first().click();
  await her.getByRole('button', { name: `Block ${seeker.username}` }).click();
  const dialog = her.getByRole('dialog', { name: `Block ${seeker.username}?` });
  await dialog.getByRole('button', { name: `Yes, block ${seeker.username}` }).click();
  await expect(her.getByRole('heading', { name: `You blocked ${seeker.username}` })).toBeVisible();
  const hisProfile = her.url();

  // Gone both ways: search, visitors, favourites and the profile itself.
  await her.goto(`/dashboard?username=${seeker.username}`);
  await expect(her.getByRole('heading', { name: 'No one matches your filters' })).toBeVisible();
  await her.goto('/my-visitors');
  await expect(her.getByRole('heading', { name: 'No visitors yet' })).toBeVisible();
  await him.goto(`/dashboard?username=${sought.username}`);
  await expect(him.getByRole('heading', { name: 'No one matches your filters' })).toBeVisible();
  await him.goto('/my-favorites');
  await expect(him.getByRole('heading', { name: 'No favourites yet' })).toBeVisible();
  await him.goto(herProfile);
  await expect(him.getByRole('heading', { name: 'This profile is not available' })).toBeVisible();
  await her.goto(hisProfile);
  await expect(her.getByRole('heading', { name: 'This profile is not available' })).toBeVisible();

  // She can undo it from her account settings.
  await her.goto('/account');
  const blocked = her.getByRole('region', { name: 'Blocked members' });
  await blocked.getByRole('button', { name: `Unblock ${seeker.username}` }).click();
  await expect(blocked.getByText('You have not blocked anyone.', { exact: false })).toBeVisible();
  await her.goto(`/dashboard?username=${seeker.username}`);
  await expect(results(her).getByRole('link', { name: new RegExp(`^${seeker.username}`) })).toBeVisible();
});

test('account settings: change the password and email, and download my data', async ({ browser }) => {
  const member = newMember('female', 'Cardiff', '1988-03-03');
  const page = await registered(browser, member);
  await page.goto('/account');

  const passwordSection = page.getByRole('region', { name: 'Change your password' });
  await passwordSection.getByLabel('Current password').fill('not-my-password');
  await passwordSection.getByLabel('New password', { exact: true }).fill('Fresh-Meadow-2027');
  await passwordSection.getByLabel('Confirm new password').fill('Fresh-Meadow-2027');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText('The password is incorrect.')).toBeVisible();
  await passwordSection.getByLabel('Current password').fill(password);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(
    passwordSection.getByText('Your password has been changed. Other devices have been logged out.'),
  ).toBeVisible();

  const emailSection = page.getByRole('region', { name: 'Change your email' });
  await emailSection.getByLabel('New email').fill(`new-${member.email}`);
  await emailSection.getByLabel('Your password').fill('Fresh-Meadow-2027');
  await emailSection.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(
    emailSection.getByText('We have sent a confirmation link to your new email address.'),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^flirtlane-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    format: string;
    account: { username: string };
  };
  expect(data.format).toBe('flirtlane-export/1');
  expect(data.account.username).toBe(member.username);
});
