import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portraitFileFor } from '../avatars/portrait-library';
import {
  drivers,
  freshIp,
  newMember,
  registerMember,
  sessionOf,
  startTestApi,
  type TestApi,
} from '../test/harness';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`register, login, me, refresh, logout (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('registers a member, answers 201 with a token pair and mails a confirmation link', async () => {
      const member = newMember();
      const res = await api.call('POST', '/api/register', {
        body: member,
        headers: { 'device-id': 'dev-abc' },
      });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ token_type: 'bearer', expires_in: 900 });
      expect(data.access_token).toMatch(/^ey/);
      expect(data.refresh_token).toHaveLength(43);
      const mails = (await api.outbox()).filter((m) => m.to === member.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.links.confirm).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=/);
      expect(mails[0]?.links.unsubscribe).toMatch(/^http:\/\/localhost:3000\/unsubscribe\?token=/);
    });

    it('logs in and returns the user with every SPEC §3 field from POST /api/me', async () => {
      const member = await registerMember(api, { gender: 'male' });
      const login = await api.call('POST', '/api/login', {
        body: { email: member.email.toUpperCase(), password: member.password },
      });
      expect(login.statusCode).toBe(200);
      const { access_token } = login.json().data;
      const me = await api.call('POST', '/api/me', { token: access_token });
      expect(me.statusCode).toBe(200);
      const user = me.json().data;
      expect(user).toMatchObject({
        username: member.username,
        scope: ['member'],
        credits: 0,
        has_unli_message: false,
        unread_messages_count: 0,
        new_visitors_count: 0,
        unread_favorites_count: 0,
        visits_count: 0,
        received_messages_count: 0,
        received_wink_interactions_count: 0,
        deactivated: false,
        profile_complete: false,
        choice: null,
        preferences: {},
        has_account_deletion_promo: false,
        rv: null,
        eventName: null,
        email_confirmed: false,
      });
      expect(user.uuid).toMatch(/^[0-9a-f-]{36}$/);
      // No photo yet: the male portrait the library picks for this member.
      expect(user.primary_photo.url).toBe(
        `http://localhost:3000/api/avatars/${portraitFileFor('male', user.uuid)}`,
      );
      expect(['v1', 'v2']).toContain(user.features.promoBadge);
      expect(user.features.muteUserNotifications).toBe(true);
      expect(user).not.toHaveProperty('password_hash');
      expect(user).not.toHaveProperty('passwordHash');
    });

    it('serves the portraits (and the old gender defaults) without a Site-key, nothing else', async () => {
      for (const file of ['female-07.svg', 'male-30.svg', 'default-female.svg']) {
        const res = await api.call('GET', `/api/avatars/${file}`, { siteKey: null });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('image/svg+xml');
        expect(res.body).toContain('<svg');
      }
      for (const file of ['male-31.svg', 'female-00.svg', '..%2Fpackage.json', 'female-1.svg']) {
        expect((await api.call('GET', `/api/avatars/${file}`, { siteKey: null })).statusCode).toBe(404);
      }
    });

    it('rejects wrong credentials with the SPEC text on the email field', async () => {
      const member = await registerMember(api);
      for (const body of [
        { email: member.email, password: 'wrong-password' },
        { email: 'nobody@example.com', password: 'whatever-password' },
      ]) {
        const res = await api.call('POST', '/api/login', { body, ip: freshIp() });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        });
      }
    });

    it('rejects /me without a token, with a tampered, alg:none, wrong-audience or garbage token', async () => {
      const member = await registerMember(api);
      const [h, p, s] = member.access_token.split('.') as [string, string, string];
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forge = (header: object, body: object, sig = s) =>
        `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${sig}`;
      const tokens = [
        undefined,
        'garbage',
        `${h}.${p}.${s.slice(0, -2)}AA`,
        forge({ alg: 'none', typ: 'at+jwt' }, payload, ''),
        forge({ alg: 'HS256', typ: 'at+jwt' }, { ...payload, aud: 'other-site' }),
        forge({ alg: 'HS256', typ: 'at+jwt' }, { ...payload, exp: 1 }),
      ];
      for (const token of tokens) {
        const res = await api.call('POST', '/api/me', token ? { token } : {});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('rotates refresh tokens and revokes the whole family when a used one comes back', async () => {
      const member = await registerMember(api);
      const first = await api.call('POST', '/api/refresh', { body: { refresh_token: member.refresh_token } });
      expect(first.statusCode).toBe(200);
      const second = first.json().data;
      expect(second.refresh_token).not.toBe(member.refresh_token);
      expect((await api.call('POST', '/api/me', { token: second.access_token })).statusCode).toBe(200);

      // The original token is presented again (stolen copy): the session ends for everyone.
      const replay = await api.call('POST', '/api/refresh', {
        body: { refresh_token: member.refresh_token },
      });
      expect(replay.statusCode).toBe(401);
      expect((await api.call('POST', '/api/me', { token: second.access_token })).statusCode).toBe(401);
      const next = await api.call('POST', '/api/refresh', { body: { refresh_token: second.refresh_token } });
      expect(next.statusCode).toBe(401);
    });

    it('lets only one of two concurrent refreshes with the same token win', async () => {
      const member = await registerMember(api);
      const results = await Promise.all([
        api.call('POST', '/api/refresh', { body: { refresh_token: member.refresh_token } }),
        api.call('POST', '/api/refresh', { body: { refresh_token: member.refresh_token } }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('rejects unknown refresh tokens with 401 and a malformed body with 422', async () => {
      expect((await api.call('POST', '/api/refresh', { body: { refresh_token: 'nope' } })).statusCode).toBe(
        401,
      );
      const bad = await api.call('POST', '/api/refresh', { body: { refresh_token: ['x'] } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ refresh_token: ['The refresh token must be a string'] });
    });

    it('logout revokes the access and refresh tokens of that session only', async () => {
      const member = await registerMember(api);
      const other = (
        await api.call('POST', '/api/login', { body: { email: member.email, password: member.password } })
      ).json().data;
      const out = await api.call('POST', '/api/logout', { token: member.access_token });
      expect(out.statusCode).toBe(200);
      expect((await api.call('POST', '/api/me', { token: member.access_token })).statusCode).toBe(401);
      expect(
        (await api.call('POST', '/api/refresh', { body: { refresh_token: member.refresh_token } }))
          .statusCode,
      ).toBe(401);
      expect((await api.call('POST', '/api/me', { token: other.access_token })).statusCode).toBe(200);
      expect((await api.call('POST', '/api/logout')).statusCode).toBe(401);
    });

    it('keeps a checked sign-in across reads (GETs, /me, channel authorisations), not after a write', async () => {
      const member = await registerMember(api);
      const token = member.access_token;
      const sid = sessionOf(token);
      const cached = () => api.context.members.get(sid) !== null;
      // The first request writes last_active_at, and the database's notice of that write drops
      // the sign-in again, whenever it arrives: read until it stays.
      for (let i = 0; i < 50; i += 1) {
        expect((await api.call('GET', '/api/user-conversations', { token })).statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (cached()) break;
      }
      expect(cached()).toBe(true);
      const me = await api.call('POST', '/api/me', { token });
      expect(me.statusCode).toBe(200);
      expect(cached()).toBe(true);
      const channel = `private-notifications.user.${me.json().data.uuid}`;
      const auth = await api.call('POST', '/api/broadcasting/auth', {
        token,
        body: { socket_id: '1234.5678', channel_name: channel },
      });
      expect(auth.statusCode).toBe(200);
      expect(cached()).toBe(true);
      const put = await api.call('PUT', '/api/my-profile', { token, body: { headline: 'Fresh start' } });
      expect(put.statusCode).toBe(200);
      expect(cached()).toBe(false);
    });
    it('normalises passwords so composed and decomposed accents both log in', async () => {
      const member = await registerMember(api, {
        password: 'Caf\u00e9-au-lait-9',
        password_confirmation: 'Caf\u00e9-au-lait-9',
      });
      const res = await api.call('POST', '/api/login', {
        body: { email: member.email, password: 'Cafe\u0301-au-lait-9' },
      });
      expect(res.statusCode).toBe(200);
    });
  });
}
