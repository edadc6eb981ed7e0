import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

const tokenOf = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`password reset, email confirmation, unsubscribe (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);

    it('confirms the email with the link from the outbox', async () => {
      const member = await registerMember(api);
      const [mail] = await mailsTo(member.email);
      expect(mail?.subject).toContain('Confirm your email address');
      expect(mail?.html).toContain(mail?.links.confirm?.replaceAll('&', '&amp;'));
      const token = tokenOf(mail?.links.confirm);
      const res = await api.call('POST', '/api/confirm-email', { body: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your email address has been confirmed.' });
      const me = await api.call('POST', '/api/me', { token: member.access_token });
      expect(me.json().data.email_confirmed).toBe(true);
      // Used up.
      const again = await api.call('POST', '/api/confirm-email', { body: { token } });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.token).toEqual(['This email confirmation link is invalid or has expired.']);
    });

    it('resends the confirmation mail at most once a minute', async () => {
      const member = await registerMember(api);
      const first = await api.call('POST', '/api/confirm-email/resend', { token: member.access_token });
      expect(first.statusCode).toBe(200);
      const second = await api.call('POST', '/api/confirm-email/resend', { token: member.access_token });
      expect(second.statusCode).toBe(422);
      const mails = await mailsTo(member.email);
      expect(mails).toHaveLength(2);
      // Only the newest link works.
      expect(
        (await api.call('POST', '/api/confirm-email', { body: { token: tokenOf(mails[0]?.links.confirm) } }))
          .statusCode,
      ).toBe(422);
      expect(
        (await api.call('POST', '/api/confirm-email', { body: { token: tokenOf(mails[1]?.links.confirm) } }))
          .statusCode,
      ).toBe(200);
    });

    it('resets the password with the mailed link, using the SPEC texts, and ends all sessions', async () => {
      const member = await registerMember(api);
      const sent = await api.call('POST', '/api/forgot-password', { body: { email: member.email } });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ message: 'We have e-mailed your password reset link!' });
      const mail = (await mailsTo(member.email)).find((m) => m.links.reset);
      const link = new URL(mail?.links.reset ?? '');
      expect(link.origin + link.pathname).toBe('http://localhost:3000/reset-password');
      expect(link.searchParams.get('email')).toBe(member.email);
      const token = link.searchParams.get('token') ?? '';

      const mismatch = await api.call('POST', '/api/reset-password', {
        body: {
          token,
          email: member.email,
          password: 'New-Secret-77',
          password_confirmation: 'Other-Secret-77',
        },
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors.password).toEqual(['The password confirmation does not match']);

      const wrongToken = await api.call('POST', '/api/reset-password', {
        body: {
          token: 'nope',
          email: member.email,
          password: 'New-Secret-77',
          password_confirmation: 'New-Secret-77',
        },
      });
      expect(wrongToken.json()).toEqual({
        message: 'This password reset token is invalid.',
        errors: { email: ['This password reset token is invalid.'] },
      });

      const ok = await api.call('POST', '/api/reset-password', {
        body: {
          token,
          email: member.email,
          password: 'New-Secret-77',
          password_confirmation: 'New-Secret-77',
        },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Your password has been reset!' });
      expect((await api.call('POST', '/api/me', { token: member.access_token })).statusCode).toBe(401);
      const login = await api.call('POST', '/api/login', {
        body: { email: member.email, password: 'New-Secret-77' },
      });
      expect(login.statusCode).toBe(200);
      const reuse = await api.call('POST', '/api/reset-password', {
        body: {
          token,
          email: member.email,
          password: 'Newer-Secret-77',
          password_confirmation: 'Newer-Secret-77',
        },
      });
      expect(reuse.json().errors.email).toEqual(['This password reset token is invalid.']);
    });

    it('a reset token belongs to one member only', async () => {
      const alice = await registerMember(api);
      const bob = await registerMember(api);
      await api.call('POST', '/api/forgot-password', { body: { email: alice.email } });
      const token = tokenOf((await mailsTo(alice.email)).find((m) => m.links.reset)?.links.reset);
      const res = await api.call('POST', '/api/reset-password', {
        body: { token, email: bob.email, password: 'Hijack-Pass-1', password_confirmation: 'Hijack-Pass-1' },
      });
      expect(res.json().errors.email).toEqual(['This password reset token is invalid.']);
    });

    it('expired reset tokens are invalid', async () => {
      const member = await registerMember(api);
      await api.call('POST', '/api/forgot-password', { body: { email: member.email } });
      const token = tokenOf((await mailsTo(member.email)).find((m) => m.links.reset)?.links.reset);
      await api.context.db.execute(sql`update email_tokens set expires_at = now() - interval '1 second'`);
      const res = await api.call('POST', '/api/reset-password', {
        body: {
          token,
          email: member.email,
          password: 'New-Secret-77',
          password_confirmation: 'New-Secret-77',
        },
      });
      expect(res.json().errors.email).toEqual(['This password reset token is invalid.']);
    });

    it('answers an unknown address as a known one (no mail; issue #13) and limits mails to one a minute', async () => {
      const unknown = await api.call('POST', '/api/forgot-password', {
        body: { email: 'ghost@example.com' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: 'We have e-mailed your password reset link!' });
      expect(await mailsTo('ghost@example.com')).toEqual([]);
      const member = await registerMember(api);
      expect(
        (await api.call('POST', '/api/forgot-password', { body: { email: member.email } })).statusCode,
      ).toBe(200);
      const again = await api.call('POST', '/api/forgot-password', { body: { email: member.email } });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.email).toEqual(['Please wait before retrying.']);
    });

    it('refuses common and short passwords on reset', async () => {
      const member = await registerMember(api);
      const res = await api.call('POST', '/api/reset-password', {
        body: { token: 'x', email: member.email, password: 'password1', password_confirmation: 'password1' },
      });
      expect(res.json().errors.password).toEqual(['This password is too common. Please choose another.']);
    });

    it('unsubscribes with the signed footer link; forged links are refused', async () => {
      const member = await registerMember(api);
      const link = (await mailsTo(member.email))[0]?.links.unsubscribe;
      const token = tokenOf(link);
      const res = await api.call('POST', '/api/unsubscribe', { body: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'You have been unsubscribed from our emails.' });
      const again = await api.call('POST', '/api/unsubscribe', { body: { token } });
      expect(again.json()).toEqual({ message: 'You are already unsubscribed.' });
      // A tampered signature: the third character from the end carries only signature bits (the
      // last one has bits base64 ignores, so swapping the last three for "abc" could decode the same).
      const third = token.at(-3) === 'A' ? 'B' : 'A';
      const tampered = `${token.slice(0, -3)}${third}${token.slice(-2)}`;
      for (const bad of ['nope', tampered, member.access_token]) {
        const forged = await api.call('POST', '/api/unsubscribe', { body: { token: bad } });
        expect(forged.statusCode).toBe(422);
        expect(forged.json().errors.token).toEqual(['This unsubscribe link is invalid.']);
      }
    });
  });
}
