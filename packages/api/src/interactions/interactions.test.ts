import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileVisits, userNotifications } from '../db/interactions-schema';
import { users } from '../db/schema';
import { openReports, resolveReport } from '../moderation/reports';
import type { CreatedNotification } from '../notifications/notification-writer';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

type Member = Awaited<ReturnType<typeof registerMember>>;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`visits, likes, favourites, winks, blocks, notifications (${driver})`, () => {
    let api: TestApi;
    const hooked: CreatedNotification[] = [];
    beforeAll(async () => {
      api = await startTestApi(driver, { onNotificationCreated: (n) => void hooked.push(n) });
    });
    afterAll(async () => {
      await api?.close();
    });

    const me = async (m: Member) =>
      (await api.call('POST', '/api/me', { token: m.access_token })).json().data;
    const uuidOf = async (m: Member) => (await me(m)).uuid as string;
    const notificationsOf = async (uuid: string) => {
      const [user] = await api.context.db.select().from(users).where(eq(users.uuid, uuid));
      return api.context.db
        .select()
        .from(userNotifications)
        .where(eq(userNotifications.userId, user?.id ?? -1))
        .orderBy(asc(userNotifications.id));
    };

    it('records a visit once per viewer per 6 hours, counts and lists visitors, resets the new count', async () => {
      const owner = await registerMember(api);
      const viewer = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      const viewerUuid = await uuidOf(viewer);
      for (let i = 0; i < 3; i++) {
        expect(
          (await api.call('GET', `/api/profiles/${ownerUuid}`, { token: viewer.access_token })).statusCode,
        ).toBe(200);
      }
      let counts = await me(owner);
      expect(counts.visits_count).toBe(1);
      expect(counts.new_visitors_count).toBe(1);
      const notes = await notificationsOf(ownerUuid);
      expect(notes).toHaveLength(1);
      expect(notes[0]?.data).toMatchObject({
        action_type: 'PROFILE_VIEW',
        from_user_name: viewer.username,
        from_user_uuid: viewerUuid,
        viewer: { username: viewer.username, uuid: viewerUuid },
      });
      expect(notes[0]?.data.image).toMatch(/\/avatars\/female-\d\d\.svg$/);
      expect(notes[0]?.readAt).toBeNull();
      expect(hooked.some((h) => h.recipientUuid === ownerUuid && h.notification.id === notes[0]?.id)).toBe(
        true,
      );

      // The window passes: the next view counts again.
      const [o] = await api.context.db.select().from(users).where(eq(users.uuid, ownerUuid));
      await api.context.db
        .update(profileVisits)
        .set({ lastVisitedAt: sql`now() - interval '7 hours'` })
        .where(eq(profileVisits.visitedId, o?.id ?? -1));
      await api.call('GET', `/api/profiles/${ownerUuid}`, { token: viewer.access_token });
      counts = await me(owner);
      expect(counts.visits_count).toBe(2);
      expect(await notificationsOf(ownerUuid)).toHaveLength(2);

      const list = await api.call('GET', '/api/my-visitors?include=approved_primary', {
        token: owner.access_token,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().meta.total).toBe(1);
      expect(list.json().data[0]).toMatchObject({
        visits: 2,
        is_new: true,
        profile: { uuid: viewerUuid, approved_primary: null },
      });
      expect(list.json().data[0].profile).not.toHaveProperty('email');
      expect((await me(owner)).new_visitors_count).toBe(0);
      const seenAt = async () =>
        (await api.context.db.select().from(users).where(eq(users.uuid, ownerUuid)))[0]?.visitorsSeenAt;
      const seenBefore = await seenAt();
      expect(seenBefore).toBeInstanceOf(Date);
      expect(
        (await api.call('GET', '/api/my-visitors', { token: owner.access_token })).json().data[0].is_new,
      ).toBe(false);
      // Nothing new since: the opening wrote nothing.
      expect(await seenAt()).toEqual(seenBefore);
      // Viewing one's own profile is no visit.
      await api.call('GET', `/api/profiles/${ownerUuid}`, { token: owner.access_token });
      expect((await me(owner)).visits_count).toBe(2);
    });

    it('records one visit and one notification for a profile opened in several tabs at once', async () => {
      const owner = await registerMember(api);
      const viewer = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      const views = await Promise.all(
        Array.from({ length: 6 }, () =>
          api.call('GET', `/api/profiles/${ownerUuid}`, { token: viewer.access_token }),
        ),
      );
      expect(views.map((v) => v.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(views.map((v) => v.json().data.uuid))).toEqual(new Set([ownerUuid]));
      expect((await me(owner)).visits_count).toBe(1);
      expect((await notificationsOf(ownerUuid)).map((n) => n.data.action_type)).toEqual(['PROFILE_VIEW']);
    });

    it('a like sent from several tabs at once is one like and one notification', async () => {
      const target = await registerMember(api);
      const fan = await registerMember(api);
      const targetUuid = await uuidOf(target);
      const likes = await Promise.all(
        Array.from({ length: 6 }, () =>
          api.call('PUT', `/api/profiles/${targetUuid}/like`, { token: fan.access_token }),
        ),
      );
      for (const like of likes) {
        expect(like.statusCode).toBe(200);
        expect(like.json().data).toEqual({ liked: true, favorited: false, winked: false, blocked: false });
      }
      expect((await notificationsOf(targetUuid)).map((n) => n.data.action_type)).toEqual(['USER_LIKE']);
      const cleared = await Promise.all(
        Array.from({ length: 3 }, () =>
          api.call('DELETE', `/api/profiles/${targetUuid}/like`, { token: fan.access_token }),
        ),
      );
      expect(cleared.map((c) => c.json().data.liked)).toEqual([false, false, false]);
    });

    it('likes, favourites and winks are idempotent toggles with counts and one notification each', async () => {
      const target = await registerMember(api);
      const fan = await registerMember(api);
      const targetUuid = await uuidOf(target);
      const fanUuid = await uuidOf(fan);
      for (const kind of ['like', 'favorite', 'wink']) {
        for (let i = 0; i < 2; i++) {
          const res = await api.call('PUT', `/api/profiles/${targetUuid}/${kind}`, {
            token: fan.access_token,
          });
          expect(res.statusCode).toBe(200);
        }
      }
      const rel = await api.call('GET', `/api/profiles/${targetUuid}`, { token: fan.access_token });
      expect(rel.json().data.relation).toEqual({
        liked: true,
        favorited: true,
        winked: true,
        blocked: false,
      });
      let counts = await me(target);
      expect(counts.unread_favorites_count).toBe(1);
      expect(counts.received_wink_interactions_count).toBe(1);
      const types = (await notificationsOf(targetUuid)).map((n) => n.data.action_type);
      expect(types).toEqual(['USER_LIKE', 'USER_FAVORITE', 'PROFILE_WINK', 'PROFILE_VIEW']);
      const like = (await notificationsOf(targetUuid))[0]?.data;
      expect(like).toMatchObject({
        liker: { username: fan.username, uuid: fanUuid },
        from_user_uuid: fanUuid,
      });

      const mine = await api.call('GET', '/api/my-favorites', { token: fan.access_token });
      expect(mine.json().data.map((f: { profile: { uuid: string } }) => f.profile.uuid)).toEqual([
        targetUuid,
      ]);
      const received = await api.call('GET', '/api/my-favorites?filter[type]=received', {
        token: target.access_token,
      });
      expect(received.json().data[0]).toMatchObject({ is_new: true, profile: { uuid: fanUuid } });
      expect((await me(target)).unread_favorites_count).toBe(0);

      for (const kind of ['like', 'favorite', 'wink']) {
        for (let i = 0; i < 2; i++) {
          const res = await api.call('DELETE', `/api/profiles/${targetUuid}/${kind}`, {
            token: fan.access_token,
          });
          expect(res.statusCode).toBe(200);
        }
      }
      counts = await me(target);
      expect(counts.received_wink_interactions_count).toBe(0);
      expect(
        (await api.call('GET', '/api/my-favorites', { token: fan.access_token })).json().meta.total,
      ).toBe(0);
      // Toggling on again notifies again (a new like), but repeating does not.
      await api.call('PUT', `/api/profiles/${targetUuid}/like`, { token: fan.access_token });
      await api.call('PUT', `/api/profiles/${targetUuid}/like`, { token: fan.access_token });
      expect((await notificationsOf(targetUuid)).filter((n) => n.actionType === 'USER_LIKE')).toHaveLength(2);
    });

    it('refuses interactions with oneself, unknown or malformed ids (404) and without a token (401)', async () => {
      const m = await registerMember(api);
      const uuid = await uuidOf(m);
      for (const path of [
        `/api/profiles/${uuid}/like`,
        `/api/profiles/${uuid}/block`,
        '/api/profiles/1 OR 1=1/wink',
        '/api/profiles/00000000-0000-0000-0000-000000000000/favorite',
        '/api/profiles/-1/block',
      ]) {
        expect((await api.call('PUT', path, { token: m.access_token })).statusCode, path).toBe(404);
        expect((await api.call('DELETE', path, { token: m.access_token })).statusCode, path).toBe(404);
      }
      expect((await api.call('PUT', `/api/profiles/${uuid}/like`)).statusCode).toBe(401);
      for (const qs of ['filter[type]=all', 'sort=created_at', 'limit=0', 'include=email']) {
        expect(
          (await api.call('GET', `/api/my-favorites?${qs}`, { token: m.access_token })).statusCode,
          qs,
        ).toBe(422);
        expect(
          (await api.call('GET', `/api/my-visitors?${qs}`, { token: m.access_token })).statusCode,
          qs,
        ).toBe(422);
      }
    });

    it('a block hides both members from each other everywhere, and unblocking restores them', async () => {
      const city = `Blockville${driver}`;
      const a = await registerMember(api, { city });
      const b = await registerMember(api, { city });
      const aUuid = await uuidOf(a);
      const bUuid = await uuidOf(b);
      await api.call('GET', `/api/profiles/${aUuid}`, { token: b.access_token });
      await api.call('PUT', `/api/profiles/${aUuid}/favorite`, { token: b.access_token });
      await api.call('PUT', `/api/profiles/${aUuid}/wink`, { token: b.access_token });
      expect((await me(a)).received_wink_interactions_count).toBe(1);

      expect(await notificationsOf(aUuid)).toHaveLength(3);
      const blocked = await api.call('PUT', `/api/profiles/${bUuid}/block`, { token: a.access_token });
      expect(await notificationsOf(aUuid)).toHaveLength(0);
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().data.blocked).toBe(true);
      expect(
        (await api.call('PUT', `/api/profiles/${bUuid}/block`, { token: a.access_token })).statusCode,
      ).toBe(200);

      for (const [viewer, other] of [
        [a, bUuid],
        [b, aUuid],
      ] as const) {
        expect(
          (await api.call('GET', `/api/profiles/${other}`, { token: viewer.access_token })).statusCode,
        ).toBe(404);
        expect(
          (await api.call('PUT', `/api/profiles/${other}/like`, { token: viewer.access_token })).statusCode,
        ).toBe(404);
        const browse = await api.call('GET', `/api/profiles?filter[city]=${city}`, {
          token: viewer.access_token,
        });
        expect(browse.json().meta.total).toBe(0);
      }
      expect((await api.call('GET', '/api/my-visitors', { token: a.access_token })).json().meta.total).toBe(
        0,
      );
      expect(
        (await api.call('GET', '/api/my-favorites?filter[type]=received', { token: a.access_token })).json()
          .meta.total,
      ).toBe(0);
      expect((await api.call('GET', '/api/my-favorites', { token: b.access_token })).json().meta.total).toBe(
        0,
      );
      const counts = await me(a);
      expect([
        counts.visits_count,
        counts.received_wink_interactions_count,
        counts.unread_favorites_count,
      ]).toEqual([0, 0, 0]);
      const blocks = await api.call('GET', '/api/my-blocks', { token: a.access_token });
      expect(blocks.json().data).toEqual([expect.objectContaining({ uuid: bUuid, username: b.username })]);
      // The blocked member cannot unblock on the blocker's behalf.
      await api.call('DELETE', `/api/profiles/${aUuid}/block`, { token: b.access_token });
      expect((await api.call('GET', `/api/profiles/${bUuid}`, { token: a.access_token })).statusCode).toBe(
        404,
      );

      const unblocked = await api.call('DELETE', `/api/profiles/${bUuid}/block`, { token: a.access_token });
      expect(unblocked.json().data.blocked).toBe(false);
      expect((await api.call('GET', `/api/profiles/${bUuid}`, { token: a.access_token })).statusCode).toBe(
        200,
      );
      expect(
        (await api.call('GET', `/api/profiles?filter[city]=${city}`, { token: b.access_token })).json().meta
          .total,
      ).toBe(1);
      expect((await me(a)).received_wink_interactions_count).toBe(1);
    });

    it('stores reports of a profile or one of its photos for moderation; bad input is a 422', async () => {
      const reporter = await registerMember(api);
      const reported = await registerMember(api);
      const uuid = await uuidOf(reported);
      const ok = await api.call('POST', `/api/profiles/${uuid}/report`, {
        token: reporter.access_token,
        body: { reason: 'scam', details: '  Asked me for money  ' },
      });
      expect(ok.statusCode).toBe(201);
      const open = await openReports(api.context.db);
      const mine = open.find((r) => r.id === ok.json().data.id);
      expect(mine).toMatchObject({
        reason: 'scam',
        details: 'Asked me for money',
        reporter: reporter.username,
        reported: reported.username,
      });
      expect(await resolveReport(api.context.db, mine?.id ?? -1)).toBe(true);
      expect((await openReports(api.context.db)).some((r) => r.id === mine?.id)).toBe(false);

      const bad = async (body: unknown, field: string) => {
        const res = await api.call('POST', `/api/profiles/${uuid}/report`, {
          token: reporter.access_token,
          body: body as object,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors[field], res.body).toBeDefined();
      };
      await bad({}, 'reason');
      await bad({ reason: 'because' }, 'reason');
      await bad({ reason: ['scam'] }, 'reason');
      await bad({ reason: 'other', details: 'x'.repeat(2001) }, 'details');
      await bad({ reason: 'other', details: 'nul\u0000' }, 'details');
      await bad({ reason: 'other', photo_id: 'not-a-photo' }, 'photo_id');
      await bad({ reason: 'other', photo_id: '00000000-0000-0000-0000-000000000000' }, 'photo_id');
      await bad({ reason: 'other', photo_id: 5 }, 'photo_id');
      const self = await api.call('POST', `/api/profiles/${await uuidOf(reporter)}/report`, {
        token: reporter.access_token,
        body: { reason: 'other' },
      });
      expect(self.statusCode).toBe(404);
    });

    it('counters leave out admirers who blocked the member or left, and count them again after an unblock', async () => {
      const owner = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      const [stays, blocks, leaves] = [
        await registerMember(api),
        await registerMember(api),
        await registerMember(api),
      ];
      for (const admirer of [stays, blocks, leaves]) {
        await api.call('GET', `/api/profiles/${ownerUuid}`, { token: admirer.access_token });
        await api.call('PUT', `/api/profiles/${ownerUuid}/favorite`, { token: admirer.access_token });
        await api.call('PUT', `/api/profiles/${ownerUuid}/wink`, { token: admirer.access_token });
      }
      const counted = async () => {
        const c = await me(owner);
        return [
          c.new_visitors_count,
          c.unread_favorites_count,
          c.visits_count,
          c.received_wink_interactions_count,
        ];
      };
      expect(await counted()).toEqual([3, 3, 3, 3]);

      // Blocked BY the admirer (the member blocked nobody), then the other admirer deactivates.
      await api.call('PUT', `/api/profiles/${ownerUuid}/block`, { token: blocks.access_token });
      expect(await counted()).toEqual([2, 2, 2, 2]);
      await api.call('POST', '/api/account/deactivate', {
        token: leaves.access_token,
        body: { password: leaves.password },
      });
      expect(await counted()).toEqual([1, 1, 1, 1]);

      await api.call('DELETE', `/api/profiles/${ownerUuid}/block`, { token: blocks.access_token });
      expect(await counted()).toEqual([2, 2, 2, 2]);
    });

    it('a deactivated member leaves no visits and cannot like, favourite or wink', async () => {
      const owner = await registerMember(api);
      const hidden = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      await api.call('POST', '/api/account/deactivate', {
        token: hidden.access_token,
        body: { password: hidden.password },
      });
      expect(
        (await api.call('GET', `/api/profiles/${ownerUuid}`, { token: hidden.access_token })).statusCode,
      ).toBe(200);
      expect(
        (await api.call('PUT', `/api/profiles/${ownerUuid}/wink`, { token: hidden.access_token })).statusCode,
      ).toBe(403);
      expect(await notificationsOf(ownerUuid)).toHaveLength(0);
      expect((await me(owner)).visits_count).toBe(0);
      for (const qs of ['page=-1', 'limit=abc', 'filter[x]=1', 'sort=created_at']) {
        expect(
          (await api.call('GET', `/api/my-blocks?${qs}`, { token: owner.access_token })).statusCode,
          qs,
        ).toBe(422);
      }
    });

    it('an impersonating operator leaves no visit behind', async () => {
      const owner = await registerMember(api);
      const other = await registerMember(api);
      const ownerUuid = await uuidOf(owner);
      const [o] = await api.context.db
        .select()
        .from(users)
        .where(eq(users.uuid, await uuidOf(other)));
      const { signLink } = await import('../auth/signed-links');
      const token = await signLink(api.context.signer, 'impersonate', 'ukdating-site01', other.email);
      const session = (
        await api.call('POST', '/api/impersonate', { body: { impersonate_token: token } })
      ).json().data;
      await api.call('GET', `/api/profiles/${ownerUuid}`, { token: session.access_token });
      const visits = await api.context.db
        .select()
        .from(profileVisits)
        .where(and(eq(profileVisits.visitorId, o?.id ?? -1)));
      expect(visits).toHaveLength(0);
    });
  });
}
