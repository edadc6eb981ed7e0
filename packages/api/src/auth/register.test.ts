import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { drivers, newMember, registerMember, startTestApi, type TestApi } from '../test/harness';
import { commonPasswordCount } from './passwords';

function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`registration rules (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const register = (body: unknown) => api.call('POST', '/api/register', { body });

    it('answers every missing field with its message at once (Laravel shape)', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The username field is required (and 7 more errors)',
        errors: {
          username: ['The username field is required'],
          email: ['Please fill in a valid email address'],
          password: ['The password field is required'],
          gender: ['The gender field is required'],
          date_of_birth: ['The date of birth field is required'],
          city: ['Please fill in your city'],
          terms: ['The terms must be accepted'],
          captcha: ['Please complete the captcha.'],
        },
      });
    });

    it('refuses a missing, empty or wrong captcha token on its field and creates no member', async () => {
      for (const captcha of [undefined, '', '   ', 'wrong-token', 'x'.repeat(5000)]) {
        const member = newMember({ captcha });
        const res = await register(member);
        expect(res.statusCode, String(captcha)).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['captcha']);
        const stored = await api.context.db.select().from(users).where(eq(users.email, member.email));
        expect(stored).toEqual([]);
      }
    });

    it('uses the SPEC texts for email and city, Laravel defaults elsewhere', async () => {
      const res = await register(
        newMember({
          email: 'not-an-email',
          city: '   ',
          password: 'short',
          password_confirmation: 'different',
          gender: 'other',
          username: 'x',
          terms: false,
        }),
      );
      expect(res.json().errors).toEqual({
        email: ['Please fill in a valid email address'],
        city: ['Please fill in your city'],
        password: ['The password must be at least 8 characters', 'The password confirmation does not match'],
        gender: ['The selected gender is invalid'],
        username: ['The username must be at least 3 characters'],
        terms: ['The terms must be accepted'],
      });
    });

    it('refuses under-18s, impossible dates and overlong values', async () => {
      const under = await register(newMember({ date_of_birth: yearsAgo(18, 1) }));
      expect(under.json().errors.date_of_birth).toEqual(['You must be at least 18 years old to join.']);
      expect((await register(newMember({ date_of_birth: yearsAgo(18) }))).statusCode).toBe(201);
      for (const date_of_birth of ['2001-02-30', '15/06/1995', '1800-01-01', '1995-6-1']) {
        const res = await register(newMember({ date_of_birth }));
        expect(res.json().errors.date_of_birth).toEqual(['The date of birth is not a valid date']);
      }
      const long = await register(newMember({ city: 'x'.repeat(101), password: 'p'.repeat(129) }));
      expect(long.json().errors.city).toEqual(['The city may not be greater than 100 characters']);
      expect(long.json().errors.password).toContain('The password may not be greater than 128 characters');
    });

    it('refuses the most common passwords (a shipped list of thousands)', async () => {
      expect(commonPasswordCount()).toBeGreaterThanOrEqual(3000);
      for (const password of ['password1', 'Password123', 'iloveyou', 'qwertyuiop']) {
        const res = await register(newMember({ password, password_confirmation: password }));
        expect(res.json().errors.password).toEqual(['This password is too common. Please choose another.']);
      }
    });

    it("answers 'has already been taken' for a used email or username, ignoring case", async () => {
      const member = await registerMember(api);
      const res = await register(
        newMember({ email: member.email.toUpperCase(), username: member.username.toUpperCase() }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        email: ['The email has already been taken'],
        username: ['The username has already been taken'],
      });
    });

    it('lets only one of two racing sign-ups with the same email through', async () => {
      const a = newMember();
      const b = newMember({ email: a.email });
      const results = await Promise.all([register(a), register(b)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    });

    it('accepts Laravel-style accepted values for terms and refuses unknown fields (422, issue #13)', async () => {
      const extras = await register(newMember({ credits: 1_000_000, scope: ['admin'] }));
      expect(extras.statusCode).toBe(422);
      expect(extras.json().errors.body).toEqual(['The credits, scope fields are not allowed.']);
      for (const terms of ['yes', 'on', '1', 1, true]) {
        const res = await register(newMember({ terms }));
        expect(res.statusCode).toBe(201);
        const me = await api.call('POST', '/api/me', { token: res.json().data.access_token });
        expect(me.json().data.credits).toBe(0);
        expect(me.json().data.scope).toEqual(['member']);
      }
    });
  });
}
