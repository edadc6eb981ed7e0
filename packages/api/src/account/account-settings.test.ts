import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`account settings: change email, change password, export (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const me = async (token: string) => api.call('POST', '/api/me', { token });

    it('changes the email only after the new address confirms; tells the old one', async () => {
      const m = await registerMember(api);
      const taken = await registerMember(api);
      const next = `new_${m.email}`;
      const bad = async (body: object, field: string, message?: string) => {
        const res = await api.call('PUT', '/api/account/email', { token: m.access_token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        if (message) expect(res.json().errors[field]).toEqual([message]);
        else expect(res.json().errors[field]).toBeDefined();
      };
      await bad({ email: 'nope', password: m.password }, 'email', 'Please fill in a valid email address');
      await bad({ email: next, password: 'wrong-password' }, 'password', 'The password is incorrect.');
      await bad(
        { email: taken.email.toUpperCase(), password: m.password },
        'email',
        'The email has already been taken',
      );
      await bad({ email: m.email, password: m.password }, 'email');
      await bad({ email: ['x@example.com'], password: m.password }, 'email');
      await bad({}, 'password');

      const res = await api.call('PUT', '/api/account/email', {
        token: m.access_token,
        body: { email: next, password: m.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('We have sent a confirmation link to your new email address.');
      expect((await me(m.access_token)).json().data.email).toBe(m.email);
      const mails = await api.outbox();
      const confirm = mails.find((x) => x.to === next);
      expect(mails.some((x) => x.to === m.email && /being changed/.test(x.subject + x.text))).toBe(true);
      const token = new URL(confirm?.links.confirm ?? 'http://x').searchParams.get('token');
      const ok = await api.call('POST', '/api/confirm-email', { body: { token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Your email address has been changed.');
      expect((await me(m.access_token)).json().data).toMatchObject({ email: next, email_confirmed: true });
      expect((await api.call('POST', '/api/confirm-email', { body: { token } })).statusCode).toBe(422);
      const login = await api.call('POST', '/api/login', { body: { email: next, password: m.password } });
      expect(login.statusCode).toBe(200);
    });

    it('changes the password with the current one and ends every other session', async () => {
      const m = await registerMember(api);
      const other = (
        await api.call('POST', '/api/login', { body: { email: m.email, password: m.password } })
      ).json().data.access_token;
      const bad = async (body: object, field: string, message?: string) => {
        const res = await api.call('PUT', '/api/account/password', { token: m.access_token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        if (message) expect(res.json().errors[field]).toEqual([message]);
        else expect(res.json().errors[field]).toBeDefined();
      };
      await bad(
        { current_password: 'wrong-one', password: 'Fresh-Pass-77', password_confirmation: 'Fresh-Pass-77' },
        'current_password',
        'The password is incorrect.',
      );
      await bad(
        { current_password: m.password, password: 'short', password_confirmation: 'short' },
        'password',
        'The password must be at least 8 characters',
      );
      await bad(
        { current_password: m.password, password: 'Fresh-Pass-77', password_confirmation: 'Other-Pass-77' },
        'password',
        'The password confirmation does not match',
      );
      await bad(
        { current_password: m.password, password: 'x'.repeat(1000), password_confirmation: 'x'.repeat(1000) },
        'password',
      );
      await bad({}, 'current_password');
      expect((await me(other)).statusCode).toBe(200);

      const res = await api.call('PUT', '/api/account/password', {
        token: m.access_token,
        body: {
          current_password: m.password,
          password: 'Fresh-Pass-77',
          password_confirmation: 'Fresh-Pass-77',
        },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(m.access_token)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect(
        (await api.call('POST', '/api/login', { body: { email: m.email, password: m.password } })).statusCode,
      ).toBe(422);
      expect(
        (await api.call('POST', '/api/login', { body: { email: m.email, password: 'Fresh-Pass-77' } }))
          .statusCode,
      ).toBe(200);
    });

    it('exports the member’s data as a JSON download, with nothing of anyone else’s', async () => {
      const m = await registerMember(api);
      const other = await registerMember(api);
      const otherUuid = (await me(other.access_token)).json().data.uuid;
      await api.call('PUT', '/api/my-profile', { token: m.access_token, body: { headline: 'Export me' } });
      await api.call('GET', `/api/profiles/${otherUuid}`, { token: m.access_token });
      await api.call('PUT', `/api/profiles/${otherUuid}/like`, { token: m.access_token });
      await api.call('PUT', `/api/profiles/${(await me(m.access_token)).json().data.uuid}/wink`, {
        token: other.access_token,
      });
      const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123456' } })
        .jpeg()
        .toBuffer();
      const boundary = 'exportBoundary';
      await api.app.inject({
        method: 'POST',
        url: '/api/my-photos',
        headers: {
          'site-key': 'ukdating-site01',
          authorization: `Bearer ${m.access_token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          jpeg,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });

      const res = await api.call('GET', '/api/account/export', { token: m.access_token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="flirtlane-export-.+\.json"$/,
      );
      const data = res.json();
      expect(data).toMatchObject({
        format: 'flirtlane-export/1',
        account: { username: m.username, email: m.email, date_of_birth: '1995-06-15' },
        profile: { headline: 'Export me' },
        visits_made: [{ member: { uuid: otherUuid, username: other.username } }],
        likes_given: [{ member: { uuid: otherUuid } }],
        conversations: [],
      });
      expect(data.photos).toHaveLength(1);
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(data.notifications.map((n: { data: { action_type: string } }) => n.data.action_type)).toEqual([
        'PROFILE_WINK',
      ]);
      expect(JSON.stringify(data)).not.toContain(other.email);
      expect(JSON.stringify(data)).not.toContain('password');
      expect((await api.call('GET', '/api/account/export')).statusCode).toBe(401);
    });
  });
}
