import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOverrides, startOrder } from '../billing/billing-test-kit';
import { photos } from '../db/schema';
import { DEFAULT_SITE } from '../index';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { member, type SecurityMember, sendText, startConversation } from './kit';

/**
 * Classes that held in the black-box test of issue #13, kept proven: IDOR on every member-owned
 * resource (another member's id is a 404, its channel a 403), forged or expired access tokens,
 * refresh-token reuse.
 */
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`security: IDOR and tokens (${driver})`, () => {
    let api: TestApi;
    let alice: SecurityMember;
    let bob: SecurityMember;
    let mallory: SecurityMember;
    beforeAll(async () => {
      api = await startTestApi(driver, {
        ...billingOverrides(),
        realtimeApp: { id: 'app-1', secret: 'realtime-secret-0123456789' },
      });
      [alice, bob, mallory] = [await member(api, 20), await member(api, 20), await member(api, 20)];
    });
    afterAll(async () => {
      await api?.close();
    });

    const as = (m: SecurityMember, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      api.call(method, url, { token: m.access_token, ...(body === undefined ? {} : { body }) });

    it('IDOR: another member’s conversation, its messages, read and channel are 404 / 403', async () => {
      const c = await startConversation(api, alice, bob);
      expect((await sendText(api, alice, c.uuid, 'private')).statusCode).toBe(201);
      expect((await as(mallory, 'GET', `/api/user-conversations/${c.uuid}`)).statusCode).toBe(404);
      expect((await as(mallory, 'GET', `/api/user-conversations/${c.uuid}/messages`)).statusCode).toBe(404);
      expect((await sendText(api, mallory, c.uuid, 'let me in')).statusCode).toBe(404);
      expect((await as(mallory, 'POST', `/api/user-conversations/${c.uuid}/read`, {})).statusCode).toBe(404);
      expect((await as(mallory, 'PUT', `/api/user-conversations/${c.uuid}/star`)).statusCode).toBe(404);
      expect((await as(mallory, 'DELETE', `/api/user-conversations/${c.uuid}`)).statusCode).toBe(404);
      const channel = await as(mallory, 'POST', '/api/broadcasting/auth', {
        socket_id: '123.456',
        channel_name: `private-conversation.${c.uuid}`,
      });
      expect(channel.statusCode).toBe(403);
      const own = await as(mallory, 'POST', '/api/broadcasting/auth', {
        socket_id: '123.456',
        channel_name: `private-notifications.user.${alice.uuid}`,
      });
      expect(own.statusCode).toBe(403);
    });

    it('IDOR: another member’s notifications cannot be read, marked or deleted', async () => {
      expect((await as(bob, 'PUT', `/api/profiles/${alice.uuid}/wink`)).statusCode).toBe(200);
      const list = (await as(alice, 'GET', '/api/user-notifications')).json().data as { id: number }[];
      const id = list[0]?.id;
      expect(id).toBeDefined();
      expect((await as(mallory, 'PUT', `/api/user-notifications/${id}/read`)).statusCode).toBe(404);
      expect((await as(mallory, 'PUT', `/api/user-notifications/${id}`, { read_at: null })).statusCode).toBe(
        404,
      );
      expect((await as(mallory, 'DELETE', `/api/user-notifications/${id}`)).statusCode).toBe(404);
      expect((await as(mallory, 'GET', '/api/user-notifications')).json().data).toEqual([]);
      expect((await as(alice, 'GET', '/api/user-notifications')).json().data).toHaveLength(list.length);
    });

    it('IDOR: another member’s photo cannot be deleted or made primary', async () => {
      const [photo] = await api.context.db
        .insert(photos)
        .values({
          userId: alice.id,
          file: `${randomBytes(16).toString('hex')}.jpg`,
          width: 10,
          height: 10,
          bytes: 10,
        })
        .returning();
      expect((await as(mallory, 'DELETE', `/api/my-photos/${photo?.id}`)).statusCode).toBe(404);
      expect((await as(mallory, 'PUT', `/api/my-photos/${photo?.id}/primary`)).statusCode).toBe(404);
      const left = await api.context.db.select().from(photos);
      expect(left.some((p) => p.id === photo?.id)).toBe(true);
    });

    it('IDOR: another member’s credit order is a 404', async () => {
      const order = await startOrder(api, alice.access_token);
      const reference = order.order.reference;
      expect((await as(alice, 'GET', `/api/credit-orders/${reference}`)).statusCode).toBe(200);
      expect((await as(mallory, 'GET', `/api/credit-orders/${reference}`)).statusCode).toBe(404);
    });

    it('forged, alg:none, wrong-audience and expired access tokens are 401', async () => {
      const real = alice.access_token;
      const [, payloadPart] = real.split('.');
      const payload = JSON.parse(Buffer.from(payloadPart ?? '', 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const sign = (claims: Record<string, unknown>, secret: string) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
          .sign(new TextEncoder().encode(secret));
      const forged = [
        // Tampered signature.
        `${real.slice(0, -4)}${real.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
        // alg: none.
        `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(payload)}.`,
        // Signed with another key.
        await sign(payload, 'not-the-secret-not-the-secret-not-the-secret'),
        // Another audience (site), signed with the real key.
        (
          await api.context.signer.sign(
            'at+jwt',
            { ...payload, sub: String(payload.sub), aud: 'other-site' },
            600,
          )
        ).token,
        // Expired, signed with the real key.
        (
          await api.context.signer.sign(
            'at+jwt',
            { ...payload, sub: String(payload.sub), aud: DEFAULT_SITE.key, exp: undefined, iat: undefined },
            -60,
          )
        ).token,
      ];
      expect(now).toBeGreaterThan(0);
      for (const token of forged) {
        const res = await api.call('POST', '/api/me', { token });
        expect(res.statusCode, token).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
      expect((await api.call('POST', '/api/me', { token: real })).statusCode).toBe(200);
    });

    it('a reused refresh token revokes the whole family', async () => {
      const m = await member(api);
      const first = await api.call('POST', '/api/refresh', { body: { refresh_token: m.refresh_token } });
      expect(first.statusCode).toBe(200);
      const rotated = first.json().data as { access_token: string; refresh_token: string };
      const replay = await api.call('POST', '/api/refresh', { body: { refresh_token: m.refresh_token } });
      expect(replay.statusCode).toBe(401);
      // The thief's replay ended the family: the rotated pair is dead too.
      const next = await api.call('POST', '/api/refresh', { body: { refresh_token: rotated.refresh_token } });
      expect(next.statusCode).toBe(401);
      expect((await api.call('POST', '/api/me', { token: rotated.access_token })).statusCode).toBe(401);
    });
  });
}
