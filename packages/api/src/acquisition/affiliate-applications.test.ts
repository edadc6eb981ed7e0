import { CAPTCHA } from '@ukd/contracts/api/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateApplications } from '../db/acquisition-schema';
import { drivers, freshIp, startTestApi, type TestApi } from '../test/harness';
import { affiliatesCommand } from './acquisition-cli';
import { AFFILIATE_APPLICATION_LIMIT } from './affiliate-routes';

let counter = 0;
function application(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Jo Partner',
    email: `partner${counter}-${Date.now().toString(36)}@example.com`,
    website: 'https://dating-reviews.example.co.uk/best-sites',
    channel: 'website',
    message: 'I run a UK dating review site with about 20,000 visitors a month.',
    terms: true,
    captcha: CAPTCHA.testToken,
    ...overrides,
  };
}

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`affiliate applications (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const review = (action: string, args: string[] = []) =>
      affiliatesCommand(
        { db: api.context.db, mailer: api.context.mailer, siteUrl: 'http://localhost:3000' },
        action,
        args,
      );
    const apply = (body: unknown, ip = freshIp()) =>
      api.call('POST', '/api/affiliate-applications', { body, ip });
    const stored = (email: string) =>
      api.context.db.select().from(affiliateApplications).where(eq(affiliateApplications.email, email));

    it('stores an application, answers a reference and mails a confirmation', async () => {
      const body = application({ email: 'Mixed.Case@Example.com' });
      const res = await apply(body);
      expect(res.statusCode, res.body).toBe(201);
      const { reference, message } = res.json().data;
      expect(reference).toMatch(/^AFF-[2-9A-HJ-NP-Z]{8}$/);
      expect(message).toMatch(/application has been received/);
      const [row] = await stored('mixed.case@example.com');
      expect(row).toMatchObject({ reference, status: 'pending', channel: 'website', name: 'Jo Partner' });
      const mail = (await api.outbox()).find((m) => m.to === 'mixed.case@example.com');
      expect(mail?.subject).toContain(reference);
      expect(mail?.links.programme).toBe('http://localhost:3000/affiliates');
      expect(await review('list')).toContain(reference);
    });

    it('answers every bad field at once and stores nothing', async () => {
      const body = {
        name: '',
        email: 'nope',
        website: 'javascript:alert(1)',
        channel: 'spam',
        message: 'too short',
        terms: false,
        captcha: CAPTCHA.testToken,
      };
      const res = await apply(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        name: ['The name field is required'],
        email: ['The email must be a valid email'],
        website: ['The website must be a valid URL'],
        channel: ['The selected channel is invalid'],
        message: ['The message must be at least 20 characters'],
        terms: ['The terms must be accepted'],
      });
      expect(await stored('nope')).toEqual([]);
    });

    it('refuses unknown fields, wrong types and oversized values', async () => {
      const extra = await apply({ ...application(), status: 'approved' });
      expect(extra.statusCode).toBe(422);
      expect(extra.json().errors.body).toEqual(['The status field is not allowed.']);
      const typed = await apply(application({ name: ['a', 'b'], message: { a: 1 } }));
      expect(typed.json().errors).toMatchObject({
        name: ['The name must be a string'],
        message: ['The message must be a string'],
      });
      const big = await apply(
        application({ message: 'x'.repeat(2001), website: `https://a.example/${'p'.repeat(2100)}` }),
      );
      expect(big.json().errors).toMatchObject({
        message: ['The message may not be greater than 2000 characters'],
        website: ['The website may not be greater than 2082 characters'],
      });
      expect((await apply('not json')).statusCode).toBe(422);
    });

    it('refuses a missing or wrong captcha with 422 on captcha, and stores nothing', async () => {
      for (const captcha of [undefined, '', 'guessed-token']) {
        const body = application({ captcha });
        const res = await apply(body);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors.captcha?.[0]).toEqual(expect.any(String));
        expect(await stored(body.email)).toEqual([]);
      }
    });

    it('a replay while pending answers the same reference and mails once', async () => {
      const body = application();
      const [a, b] = await Promise.all([apply(body), apply(body)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().data.reference).toBe(b.json().data.reference);
      expect(await stored(body.email)).toHaveLength(1);
      expect((await api.outbox()).filter((m) => m.to === body.email)).toHaveLength(1);
    });

    it('once reviewed, the same address may apply again', async () => {
      const body = application();
      const first = (await apply(body)).json().data.reference as string;
      expect(await review('reject', [first])).toMatch(/needs --reason/);
      expect(await review('reject', [first, '--reason', 'Your site is aimed at a general audience.'])).toBe(
        `${first} rejected (mailed to ${body.email})`,
      );
      expect(await review('reject', [first, '--reason', 'again'])).toBe(`${first} not pending`);
      const mails = (await api.outbox()).filter((m) => m.to === body.email);
      expect(mails.at(-1)?.text).toContain('The reason: Your site is aimed at a general audience.');
      const second = (await apply(body)).json().data.reference as string;
      expect(second).not.toBe(first);
    });

    it('an approval issues a unique affiliate code and mails it with a link', async () => {
      const a = application();
      const b = application();
      const refA = (await apply(a)).json().data.reference as string;
      const refB = (await apply(b)).json().data.reference as string;
      expect(await review('approve', [refA.toLowerCase()])).toBe(
        `${refA} approved: code ${refA.slice(4)} (mailed to ${a.email})`,
      );
      const mail = (await api.outbox()).filter((m) => m.to === a.email).at(-1);
      expect(mail?.text).toContain(`http://localhost:3000/?aff=${refA.slice(4)}`);
      expect(await review('approve', [refB, '--code', 'bad code!'])).toMatch(/^a code is/);
      expect(await review('approve', [refB, '--code', refA.slice(4)])).toBe(
        `the code ${refA.slice(4)} is already another partner's`,
      );
      expect(await review('approve', [refB, '--code', 'JoReviews'])).toMatch(/approved: code JoReviews/);
      const [row] = await stored(b.email);
      expect(row).toMatchObject({ status: 'approved', code: 'JoReviews' });
      expect(await review('approve', [])).toBeNull();
      expect(await review('delete', [refB])).toBeNull();
    });

    it(`limits one address to ${AFFILIATE_APPLICATION_LIMIT.maxAttempts} an hour, even in parallel`, async () => {
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: 8 }, () => apply(application(), ip)));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      const refused = answers.find((r) => r.statusCode === 429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.json().message).toBe(
        'Too many applications from this address. Please try again later.',
      );
      // Another address is not affected.
      expect((await apply(application())).statusCode).toBe(201);
    });
  });
}
