import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import type { Broadcaster } from '../realtime/broadcaster';
import { OnlineCounter } from '../realtime/realtime-services';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';

type Member = Awaited<ReturnType<typeof registerMember>>;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`profiles: own profile, public profile, browse (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const uuidOf = async (m: Member) =>
      (await api.call('POST', '/api/me', { token: m.access_token })).json().data.uuid as string;

    it('answers the own profile with completion, and updates only the fields sent', async () => {
      const m = await registerMember(api, { city: 'Leeds' });
      const res = await api.call('GET', '/api/my-profile', { token: m.access_token });
      expect(res.statusCode).toBe(200);
      const p = res.json().data;
      expect(p).toMatchObject({
        username: m.username,
        date_of_birth: '1995-06-15',
        city: 'Leeds',
        body_type: 1,
        eye_colour: 1,
        interests: [],
        photos: [],
        profile_complete: false,
        completion: { complete: false, missing: ['photo', 'headline', 'about', 'looking_for', 'region'] },
      });
      const put = await api.call('PUT', '/api/my-profile', {
        token: m.access_token,
        body: {
          headline: '  Hello there ',
          about: 'I like long walks on the beach and quiet pubs.',
          looking_for: 'Someone kind',
          city: 'Manchester',
          height_cm: 170,
          body_type: 4,
          eye_colour: 2,
          hair_colour: 4,
          tattoos_piercings: 3,
          interests: ['travel', 'music', 'travel'],
          preferences: { theme: 'dark', notifications: { email: true } },
        },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toMatchObject({
        headline: 'Hello there',
        city: 'Manchester',
        region: 'north-west',
        height_cm: 170,
        body_type: 4,
        interests: ['travel', 'music'],
        preferences: { theme: 'dark', notifications: { email: true } },
        completion: { missing: ['photo'] },
      });
      // Merged, not replaced; null removes a key; other fields untouched.
      const again = await api.call('PUT', '/api/my-profile', {
        token: m.access_token,
        body: { preferences: { lang: 'en', theme: null }, headline: null },
      });
      expect(again.json().data.preferences).toEqual({ notifications: { email: true }, lang: 'en' });
      expect(again.json().data.headline).toBeNull();
      expect(again.json().data.height_cm).toBe(170);
      const me = (await api.call('POST', '/api/me', { token: m.access_token })).json().data;
      expect(me.preferences).toEqual({ notifications: { email: true }, lang: 'en' });
    });

    it('refuses bad profile input with 422 and field messages, never 500', async () => {
      const m = await registerMember(api);
      const bad = async (body: unknown, field: string, message?: string) => {
        const res = await api.call('PUT', '/api/my-profile', {
          token: m.access_token,
          body: body as object,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors[field], JSON.stringify(res.json())).toBeDefined();
        if (message) expect(res.json().errors[field]).toEqual([message]);
      };
      await bad({ city: '' }, 'city', 'Please fill in your city');
      await bad({ city: null }, 'city', 'Please fill in your city');
      await bad(
        { headline: 'x'.repeat(81) },
        'headline',
        'The headline may not be greater than 80 characters',
      );
      await bad({ about: 'too short' }, 'about', 'The about must be at least 20 characters');
      await bad({ height_cm: 50 }, 'height_cm', 'The height cm must be 120 or more');
      await bad('{"height_cm":1e309}', 'height_cm');
      await bad({ height_cm: '170' }, 'height_cm');
      await bad({ height_cm: 170.5 }, 'height_cm');
      await bad({ body_type: 8 }, 'body_type', 'The selected body type is invalid');
      await bad({ eye_colour: '2' }, 'eye_colour');
      await bad({ hair_colour: [1] }, 'hair_colour');
      await bad({ tattoos_piercings: 0 }, 'tattoos_piercings');
      await bad({ region: 'mars' }, 'region', 'The selected region is invalid');
      await bad({ interests: 'travel' }, 'interests');
      await bad({ interests: ['knitting-with-cats'] }, 'interests');
      await bad({ interests: [{}] }, 'interests');
      await bad({ preferences: [] }, 'preferences');
      await bad({ preferences: 'x' }, 'preferences');
      await bad({ preferences: { a: 'nul\u0000' } }, 'preferences');
      await bad({ preferences: { big: 'x'.repeat(5000) } }, 'preferences');
      await bad({ headline: 'a\u0000b' }, 'headline');
      await bad({ about: { $gt: '' } }, 'about');
      await bad([1, 2], 'body');
      const notJson = await api.call('PUT', '/api/my-profile', {
        token: m.access_token,
        body: '{"headline":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.statusCode).toBe(422);
      const complete = await api.call('POST', '/api/profile/complete', { token: m.access_token, body: {} });
      expect(complete.statusCode).toBe(422);
      expect(Object.keys(complete.json().errors).sort()).toEqual([
        'about',
        'headline',
        'looking_for',
        'region',
      ]);
      expect(complete.json().errors.headline).toEqual(['The headline field is required']);
    });

    it('completes a profile through the completion flow (still missing the photo)', async () => {
      const m = await registerMember(api);
      const res = await api.call('POST', '/api/profile/complete', {
        token: m.access_token,
        body: {
          headline: 'New in town',
          about: 'Fond of climbing, baking and bad puns.',
          looking_for: 'A partner in crime',
          region: 'yorkshire-and-the-humber',
          interests: ['cooking'],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.completion).toEqual({ complete: false, missing: ['photo'] });
    });

    it("shows another member's public profile without email or date of birth; 404 for unknown ids", async () => {
      const alice = await registerMember(api, { date_of_birth: '1990-01-01' });
      const bob = await registerMember(api);
      const aliceUuid = await uuidOf(alice);
      const res = await api.call('GET', `/api/profiles/${aliceUuid}`, { token: bob.access_token });
      expect(res.statusCode).toBe(200);
      const p = res.json().data;
      expect(p.username).toBe(alice.username);
      expect(p.age).toBeGreaterThanOrEqual(35);
      expect(JSON.stringify(p)).not.toContain(alice.email);
      expect(p).not.toHaveProperty('date_of_birth');
      expect(p).not.toHaveProperty('email');
      expect(p).not.toHaveProperty('preferences');
      expect(p.relation).toEqual({ liked: false, favorited: false, winked: false, blocked: false });
      expect(p.primary_photo.url).toMatch(/\/avatars\/female-\d\d\.svg$/);
      for (const id of [
        '0',
        '-1',
        '1e309',
        '99999999999999999999',
        '1 OR 1=1',
        '00000000-0000-0000-0000-000000000000',
        'x'.repeat(64),
      ]) {
        const r = await api.call('GET', `/api/profiles/${encodeURIComponent(id)}`, {
          token: bob.access_token,
        });
        expect(r.statusCode, id).toBe(404);
      }
      expect(
        (await api.call('GET', `/api/profiles/${'x'.repeat(65)}`, { token: bob.access_token })).statusCode,
      ).toBe(422);
      expect((await api.call('GET', `/api/profiles/${aliceUuid}`)).statusCode).toBe(401);
    });

    it('documents the profile, photo, interaction and account-settings routes in the OpenAPI document', async () => {
      const docs = await api.call('GET', '/api/docs', { siteKey: null });
      expect(docs.statusCode).toBe(200);
      const paths = Object.keys(docs.json().paths);
      for (const path of [
        '/api/profiles',
        '/api/profiles/{uuid}',
        '/api/my-profile',
        '/api/profile/complete',
        '/api/profiles/{uuid}/like',
        '/api/profiles/{uuid}/favorite',
        '/api/profiles/{uuid}/wink',
        '/api/profiles/{uuid}/block',
        '/api/profiles/{uuid}/report',
        '/api/my-visitors',
        '/api/my-favorites',
        '/api/my-blocks',
        '/api/my-photos',
        '/api/my-photos/{photo}/primary',
        '/api/my-photos/{photo}',
        '/api/account/email',
        '/api/account/password',
        '/api/account/export',
      ]) {
        expect(paths, path).toContain(path);
      }
    });

    it('hides deactivated members (404 and out of browse)', async () => {
      const gone = await registerMember(api, { city: 'Zennor' });
      const viewer = await registerMember(api);
      const goneUuid = await uuidOf(gone);
      await api.call('POST', '/api/account/deactivate', {
        token: gone.access_token,
        body: { password: gone.password },
      });
      expect(
        (await api.call('GET', `/api/profiles/${goneUuid}`, { token: viewer.access_token })).statusCode,
      ).toBe(404);
      const list = await api.call('GET', '/api/profiles?filter[city]=zennor', { token: viewer.access_token });
      expect(list.json().meta.total).toBe(0);
    });

    describe('browse', () => {
      const city = `Testtown${driver}`;
      let viewer: Member;
      const made: { m: Member; uuid: string }[] = [];
      beforeAll(async () => {
        viewer = await registerMember(api, { city, gender: 'male' });
        const specs = [
          { gender: 'female', date_of_birth: '2000-01-01' },
          { gender: 'female', date_of_birth: '1980-01-01' },
          { gender: 'male', date_of_birth: '1995-01-01' },
          { gender: 'female', date_of_birth: '1970-01-01' },
        ];
        for (const s of specs) {
          const m = await registerMember(api, { ...s, city });
          made.push({ m, uuid: await uuidOf(m) });
        }
        // Connected now: only made[1] is in presence-online, the online count's list. Read fresh
        // on every request (no cache), so the test sees it at once.
        const connected: Broadcaster = {
          kind: 'none',
          async publish() {},
          presenceUserIds: async () => [made[1]?.uuid ?? '', 'someone-not-in-this-city'],
        };
        api.context.realtime.online = new OnlineCounter(connected, () => {}, 0);
        // Distinct creation times and activity, so sorting is observable.
        for (const [i, { uuid }] of made.entries()) {
          await api.context.db
            .update(users)
            .set({
              createdAt: sql`now() - make_interval(days => ${10 - i})`,
              lastActiveAt: i === 1 ? new Date() : sql`now() - make_interval(hours => ${i + 1})`,
            })
            .where(eq(users.uuid, uuid));
        }
      });

      const browse = async (qs: string) => {
        const res = await api.call('GET', `/api/profiles?filter[city]=${city}&${qs}`, {
          token: viewer.access_token,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as {
          data: {
            uuid: string;
            age: number;
            online: boolean;
            demo: boolean;
            created_at: string;
            last_active_at: string | null;
          }[];
          meta: Record<string, number>;
        };
      };

      it('never lists the viewer; newest first by default; paging meta', async () => {
        const all = await browse('');
        expect(all.data.map((p) => p.uuid)).toEqual([...made].reverse().map((x) => x.uuid));
        // Members who registered are never labelled as demo data.
        expect(all.data.map((p) => p.demo)).toEqual([false, false, false, false]);
        // Each card's times are the member's own, whatever form the driver hands them over in.
        const stored = await api.context.db
          .select({ uuid: users.uuid, createdAt: users.createdAt, lastActiveAt: users.lastActiveAt })
          .from(users)
          .where(
            inArray(
              users.uuid,
              made.map((x) => x.uuid),
            ),
          );
        const minute = (d: Date | null) =>
          d && new Date(Math.floor(d.getTime() / 60_000) * 60_000).toISOString();
        expect(all.data.map((p) => [p.created_at, p.last_active_at])).toEqual(
          all.data.map((p) => {
            const row = stored.find((r) => r.uuid === p.uuid);
            return [row?.createdAt.toISOString(), minute(row?.lastActiveAt ?? null)];
          }),
        );
        const page = await browse('limit=3&page=2');
        expect(page.meta).toEqual({
          current_page: 2,
          last_page: 2,
          per_page: 3,
          total: 4,
          total_capped: false,
        });
        expect(page.data.map((p) => p.uuid)).toEqual([made[0]?.uuid]);
        // Past the last page: nothing, and still the total.
        const past = await browse('limit=3&page=5');
        expect(past.data).toEqual([]);
        expect(past.meta).toEqual({
          current_page: 5,
          last_page: 2,
          per_page: 3,
          total: 4,
          total_capped: false,
        });
      });

      it('filters by gender, age range, online and sorts by last active', async () => {
        expect((await browse('filter[gender]=male')).data.map((p) => p.uuid)).toEqual([made[2]?.uuid]);
        // The same shape of query with another value (one prepared statement, new values).
        expect((await browse('filter[gender]=female')).meta.total).toBe(3);
        const aged = await browse('filter[age_min]=30&filter[age_max]=50');
        expect(aged.data.map((p) => p.uuid).sort()).toEqual([made[1]?.uuid, made[2]?.uuid].sort());
        const online = await browse('filter[online]=1');
        expect(online.data.map((p) => p.uuid)).toEqual([made[1]?.uuid]);
        expect(online.data[0]?.online).toBe(true);
        // The badge on every card reads the same list.
        expect((await browse('')).data.filter((p) => p.online).map((p) => p.uuid)).toEqual([made[1]?.uuid]);
        const active = await browse('sort=-last_active_at');
        expect(active.data.map((p) => p.uuid)).toEqual([1, 0, 2, 3].map((i) => made[i]?.uuid));
        expect((await browse('filter[with_photo]=1')).meta.total).toBe(0);
        expect((await browse('filter[region]=yorkshire-and-the-humber')).meta.total).toBe(0);
        const first = made[0]?.m.username ?? '';
        expect((await browse(`filter[username]=${first.slice(0, -1)}`)).data.map((p) => p.uuid)).toContain(
          made[0]?.uuid,
        );
      });

      it('on a big site, counts only past the page asked for, and pages in either order', async () => {
        // 1,050 members in one town, created a minute apart, every third never active.
        const town = `Bigtown${driver}`;
        const [site] = await api.context.db
          .select({ siteId: users.siteId })
          .from(users)
          .where(eq(users.uuid, made[0]?.uuid ?? ''));
        await api.context.db.execute(sql`
          insert into users (site_id, username, email, password_hash, gender, date_of_birth, city, created_at, last_active_at)
          select ${site?.siteId}, ${`big_${driver}_`} || g, ${`big_${driver}_`} || g || '@example.test', '!', 'female',
                 date '1990-01-01', ${town}, now() - make_interval(mins => g),
                 case when g % 3 = 0 then null else now() - make_interval(secs => g) end
          from generate_series(1, 1050) g`);
        const inTown = async (qs: string) => {
          const res = await api.call('GET', `/api/profiles?filter[city]=${town}&${qs}`, {
            token: viewer.access_token,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as { data: { username: string }[]; meta: Record<string, unknown> };
        };
        const names = (page: { data: { username: string }[] }) => page.data.map((p) => p.username);
        const first = await inTown('');
        expect(first.meta).toEqual({
          current_page: 1,
          last_page: 21,
          per_page: 24,
          total: 500,
          total_capped: true,
        });
        expect(names(first).slice(0, 3)).toEqual([1, 2, 3].map((g) => `big_${driver}_${g}`));
        // Page 21 holds members 481 to 504: its count reads to 1,000, and more match.
        const next = await inTown('page=21');
        expect(next.meta).toMatchObject({ last_page: 42, total: 1000, total_capped: true });
        expect(names(next)[0]).toBe(`big_${driver}_481`);
        // Page 42 holds members 985 to 1,008: its count reads to 1,500, and finds them all.
        const deep = await inTown('page=42');
        expect(deep.meta).toEqual({
          current_page: 42,
          last_page: 44,
          per_page: 24,
          total: 1050,
          total_capped: false,
        });
        expect(names(deep)[0]).toBe(`big_${driver}_985`);
        const past = await inTown('page=50');
        expect(past.data).toEqual([]);
        expect(past.meta).toMatchObject({ total: 1050, total_capped: false });
        // Ascending is exactly the reverse of descending, the never active first (the least recent).
        // Descending: active ones newest first (1, 2, 4, 5, …), then the never active, ties by id.
        const recent = await inTown('sort=-last_active_at&limit=60');
        expect(names(recent).slice(0, 3)).toEqual([1, 2, 4].map((g) => `big_${driver}_${g}`));
        const recentEnd = await inTown('sort=-last_active_at&limit=60&page=18');
        const oldest = await inTown('sort=last_active_at&limit=60');
        const oldestEnd = await inTown('sort=last_active_at&limit=60&page=18');
        expect(names(oldest).slice(0, 2)).toEqual([`big_${driver}_3`, `big_${driver}_6`]);
        expect(names(oldest).slice(0, 30)).toEqual(names(recentEnd).reverse());
        expect(names(oldestEnd).reverse()).toEqual(names(recent).slice(0, 30));
      });

      it('refuses bad list queries with 422', async () => {
        for (const qs of [
          'filter[gender]=other',
          'filter[age_min]=17',
          'filter[age_max]=abc',
          'filter[region]=atlantis',
          'filter[online]=maybe',
          'filter[unknown]=1',
          'sort=username',
          'include=email',
          'page=0',
          'limit=1000',
          'filter[username]=%25',
          'filter[gender][]=male',
        ]) {
          const res = await api.call('GET', `/api/profiles?${qs}`, { token: viewer.access_token });
          expect(res.statusCode, qs).toBe(422);
        }
      });

      it('records activity at most once a minute', async () => {
        const m = made[3]?.m as Member;
        await api.context.db
          .update(users)
          .set({ lastActiveAt: null })
          .where(eq(users.uuid, made[3]?.uuid ?? ''));
        await api.call('GET', '/api/my-profile', { token: m.access_token });
        const [row] = await api.context.db
          .select()
          .from(users)
          .where(eq(users.uuid, made[3]?.uuid ?? ''));
        expect(row?.lastActiveAt).toBeInstanceOf(Date);
        // Activity is "active N minutes ago"; "online now" is being connected, so it does not change.
        expect((await browse('filter[online]=1')).meta.total).toBe(1);
      });
    });
  });
}
