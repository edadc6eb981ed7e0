import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { drivers, memberWithCredits, registerMember, startTestApi, type TestApi } from '../test/harness';
import { moderationQueue, reviewPhoto } from './member-photos';
import { UPLOADS_PER_HOUR } from './photo-routes';

type Member = Awaited<ReturnType<typeof registerMember>>;

const BOUNDARY = '----ukdPhotoTestBoundary';
function multipart(
  file: Buffer,
  opts: { field?: string; filename?: string; type?: string } = {},
): string | Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${opts.field ?? 'photo'}"; filename="${opts.filename ?? 'me.jpg'}"\r\nContent-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function jpegWithGps(width = 900, height = 700): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Copyright: 'Secret Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A tiny PNG whose header claims 20000 × 20000 pixels: a decompression bomb's calling card. */
async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type).
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`photos: upload, moderation, serving (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const upload = (m: Member, body: string | Buffer, headers: Record<string, string> = {}) =>
      api.app.inject({
        method: 'POST',
        url: '/api/my-photos',
        headers: {
          'site-key': 'ukdating-site01',
          authorization: `Bearer ${m.access_token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...headers,
        },
        payload: body,
      });
    const path = (url: string) => url.replace('http://localhost:3000', '');
    const me = async (m: Member) =>
      (await api.call('POST', '/api/me', { token: m.access_token })).json().data;

    it('re-encodes an upload as JPEG without EXIF/GPS, within 1600 px, pending and primary', async () => {
      const m = await registerMember(api, { gender: 'male' });
      const original = await jpegWithGps(2400, 1800);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await upload(m, multipart(original, { filename: '../../etc/passwd.jpg' }));
      expect(res.statusCode, res.body).toBe(201);
      const photo = res.json().data;
      expect(photo).toMatchObject({ status: 'pending', is_primary: true, width: 1600, height: 1200 });
      expect(photo.url).toMatch(/\/api\/photos\/[0-9a-f]{32}\.jpg\?expires=\d+&signature=/);
      const served = await api.app.inject({ method: 'GET', url: path(photo.url) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false);
      const thumb = await api.app.inject({ method: 'GET', url: path(photo.thumbnail_url) });
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);

      // Pending: nobody sees it without the owner's signed URL; /me still shows the avatar.
      const bare = path(photo.url).split('?')[0] ?? '';
      expect((await api.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
      const tampered = path(photo.url).replace(/signature=.{4}/, 'signature=AAAA');
      expect((await api.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
      expect((await me(m)).primary_photo.url).toMatch(/\/avatars\/male-\d\d\.svg$/);

      // Approved by the operator: public, on /me, on the profile, in browse with_photo.
      const queue = await moderationQueue(api.context.db);
      expect(queue.some((q) => q.id === photo.id)).toBe(true);
      await reviewPhoto(api.context.db, photo.id, 'approved');
      expect((await api.app.inject({ method: 'GET', url: bare })).statusCode).toBe(200);
      expect((await me(m)).primary_photo.url).toBe(`http://localhost:3000${bare}`);
      const viewer = await registerMember(api);
      const profile = await api.call('GET', `/api/profiles/${(await me(m)).uuid}`, {
        token: viewer.access_token,
      });
      expect(profile.json().data.photos).toHaveLength(1);
      expect(profile.json().data.approved_primary.id).toBe(photo.id);
      const browse = await api.call(
        'GET',
        `/api/profiles?filter[username]=${m.username}&filter[with_photo]=1&include=approved_primary`,
        {
          token: viewer.access_token,
        },
      );
      expect(browse.json().data[0].approved_primary.id).toBe(photo.id);
    });

    it('refuses fake, empty, truncated, SVG, tiny, oversized and bomb uploads with a 422 on photo', async () => {
      const m = await registerMember(api);
      const jpeg = await jpegWithGps();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><script>alert(1)</script></svg>',
      );
      const cases: [string, string | Buffer, RegExp][] = [
        [
          'html as .jpg',
          multipart(Buffer.from('<html><body><script>alert(1)</script></body></html>')),
          /must be an image/,
        ],
        ['php as .jpg', multipart(Buffer.from('<?php system($_GET["c"]); ?>')), /must be an image/],
        ['0 bytes', multipart(Buffer.alloc(0)), /must be an image/],
        ['truncated', multipart(jpeg.subarray(0, Math.floor(jpeg.length / 2))), /must be an image/],
        ['svg', multipart(svg, { filename: 'a.svg', type: 'image/svg+xml' }), /must be an image/],
        [
          'tiny',
          multipart(
            await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
              .png()
              .toBuffer(),
          ),
          /at least 200/,
        ],
        ['bomb', multipart(await pngBomb(), { filename: 'bomb.png', type: 'image/png' }), /too many pixels/],
        ['oversized', multipart(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff)), /greater than 10240 kilobytes/],
        ['wrong field', multipart(jpeg, { field: 'avatar' }), /required/],
        ['no parts', `--${BOUNDARY}--\r\n`, /required/],
        ['garbage multipart', 'not multipart at all', /required/],
      ];
      for (const [name, body, message] of cases) {
        const res = await upload(m, body);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
        expect(res.json().errors.photo?.[0], name).toMatch(message);
      }
      const json = await api.call('POST', '/api/my-photos', { token: m.access_token, body: { photo: 'x' } });
      expect(json.statusCode).toBe(422);
      expect(json.json().errors.photo).toBeDefined();
      expect((await api.call('GET', '/api/my-photos', { token: m.access_token })).json().data).toEqual([]);
    });

    it('accepts a PNG, switches the primary photo, deletes, and guards ownership with 404', async () => {
      const owner = await registerMember(api);
      const other = await registerMember(api);
      const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#e91e63aa' } })
        .png()
        .toBuffer();
      const first = (await upload(owner, multipart(png, { filename: 'x.png', type: 'image/png' }))).json()
        .data;
      const second = (await upload(owner, multipart(await jpegWithGps()))).json().data;
      expect(first.is_primary).toBe(true);
      expect(second.is_primary).toBe(false);

      for (const [method, url] of [
        ['PUT', `/api/my-photos/${first.id}/primary`],
        ['DELETE', `/api/my-photos/${first.id}`],
        ['PUT', '/api/my-photos/1 OR 1=1/primary'],
        ['DELETE', '/api/my-photos/00000000-0000-0000-0000-000000000000'],
      ] as const) {
        expect((await api.call(method, url, { token: other.access_token })).statusCode, url).toBe(404);
      }
      const switched = await api.call('PUT', `/api/my-photos/${second.id}/primary`, {
        token: owner.access_token,
      });
      expect(switched.statusCode).toBe(200);
      let list = (await api.call('GET', '/api/my-photos', { token: owner.access_token })).json().data;
      expect(list.map((p: { id: string; is_primary: boolean }) => [p.id, p.is_primary])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);
      const del = await api.call('DELETE', `/api/my-photos/${second.id}`, { token: owner.access_token });
      expect(del.statusCode).toBe(200);
      list = (await api.call('GET', '/api/my-photos', { token: owner.access_token })).json().data;
      expect(list).toEqual([expect.objectContaining({ id: first.id, is_primary: true })]);
      expect((await api.app.inject({ method: 'GET', url: path(second.url) })).statusCode).toBe(404);

      // A rejected photo is hidden, cannot be primary, and does not count towards completion.
      await reviewPhoto(api.context.db, first.id, 'rejected');
      const rejected = await api.call('PUT', `/api/my-photos/${first.id}/primary`, {
        token: owner.access_token,
      });
      expect(rejected.statusCode).toBe(422);
      const profile = (await api.call('GET', '/api/my-profile', { token: owner.access_token })).json().data;
      expect(profile.completion.missing).toContain('photo');
      expect(profile.photos[0].status).toBe('rejected');
    });

    it('shows the same photo of a member in browse, their profile, conversation lists and notifications', async () => {
      const owner = await memberWithCredits(api, 100);
      const viewer = await registerMember(api);
      const ownerUuid = (await me(owner)).uuid;
      const started = await api.call('POST', '/api/user-conversations', {
        token: viewer.access_token,
        body: { recipient_uuid: ownerUuid },
      });
      expect(started.statusCode).toBe(201);
      const include = 'include=recipient.approved_primary,initiator.approved_primary,last_message';
      /** The owner's photo as the viewer sees it in browse, on the profile and in the chat list, and
       * as the owner sees their own in the same conversation. */
      const shown = async () => {
        const get = async (m: Member, url: string) =>
          (await api.call('GET', url, { token: m.access_token })).json();
        const browse = await get(
          viewer,
          `/api/profiles?filter[username]=${owner.username}&include=approved_primary`,
        );
        const profile = await get(viewer, `/api/profiles/${ownerUuid}`);
        const theirs = await get(viewer, `/api/user-conversations?${include}`);
        const mine = await get(owner, `/api/user-conversations/${started.json().data.uuid}`);
        const views = [
          browse.data[0].approved_primary,
          profile.data.approved_primary,
          theirs.data[0].chatmate.approved_primary,
          theirs.data[0].recipient.approved_primary,
          mine.data.viewer.approved_primary,
        ];
        for (const view of views) expect(view).toEqual(views[0]);
        expect(theirs.data[0].viewer.approved_primary).toBeNull();
        expect(browse.data[0].primary_photo.url).toBe(views[0]?.url ?? browse.data[0].primary_photo.url);
        // A message's notification carries the sender's photo (or their portrait) as its image.
        const sent = await api.call('POST', `/api/user-conversations/${started.json().data.uuid}/messages`, {
          token: owner.access_token,
          body: { client_msg_id: crypto.randomUUID(), type: 'text', body: 'Hello' },
        });
        expect(sent.statusCode, sent.body).toBe(201);
        const notes = await get(viewer, '/api/user-notifications');
        expect(notes.data[0].data.image).toBe(views[0]?.url ?? browse.data[0].primary_photo.url);
        return views[0]?.id ?? null;
      };
      expect(await shown()).toBeNull();

      const first = (await upload(owner, multipart(await jpegWithGps()))).json().data;
      const second = (await upload(owner, multipart(await jpegWithGps(800, 600)))).json().data;
      expect(await shown()).toBeNull(); // both waiting for moderation
      await reviewPhoto(api.context.db, second.id, 'approved');
      expect(await shown()).toBe(second.id); // the primary is pending: the first approved one
      await reviewPhoto(api.context.db, first.id, 'approved');
      expect(await shown()).toBe(first.id);
      const mine = (await api.call('GET', '/api/my-photos', { token: owner.access_token })).json().data;
      const firstShown = mine.find((p: { id: string }) => p.id === first.id);
      const browse = await api.call(
        'GET',
        `/api/profiles?filter[username]=${owner.username}&include=approved_primary`,
        {
          token: viewer.access_token,
        },
      );
      expect(browse.json().data[0].approved_primary).toEqual(firstShown);
      await api.call('PUT', `/api/my-photos/${second.id}/primary`, { token: owner.access_token });
      expect(await shown()).toBe(second.id);
      const third = (await upload(owner, multipart(await jpegWithGps()))).json().data;
      await api.call('PUT', `/api/my-photos/${third.id}/primary`, { token: owner.access_token });
      expect(await shown()).toBe(first.id); // a pending primary: the oldest approved one
    });

    it('marks the profile complete once a photo joins the completed fields', async () => {
      const m = await registerMember(api);
      await api.call('POST', '/api/profile/complete', {
        token: m.access_token,
        body: { headline: 'Hi', about: 'Twenty characters and more.', looking_for: 'Fun', region: 'london' },
      });
      expect((await me(m)).profile_complete).toBe(false);
      await upload(m, multipart(await jpegWithGps()));
      expect((await me(m)).profile_complete).toBe(true);
    });

    it('accepts a phone-sized photo of several megabytes (beyond the JSON body limit)', async () => {
      const m = await registerMember(api);
      const side = 1800;
      const noise = Buffer.alloc(side * side * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 100 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await upload(m, multipart(big));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ width: 1600, height: 1600 });
    });

    it('with post-moderation, a new photo is approved and public at once', async () => {
      const post = await startTestApi(driver, { photoModeration: 'post' });
      try {
        const m = await registerMember(post);
        const res = await post.app.inject({
          method: 'POST',
          url: '/api/my-photos',
          headers: {
            'site-key': 'ukdating-site01',
            authorization: `Bearer ${m.access_token}`,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          payload: multipart(await jpegWithGps()),
        });
        expect(res.json().data).toMatchObject({ status: 'approved', is_primary: true });
        expect(res.json().data.url).not.toContain('signature=');
        const me = await post.call('POST', '/api/me', { token: m.access_token });
        expect(me.json().data.primary_photo.url).toBe(res.json().data.url);
      } finally {
        await post.close();
      }
    });

    it('limits uploads per member and hour (429 on photo)', async () => {
      const m = await registerMember(api);
      const user = (await api.call('POST', '/api/me', { token: m.access_token })).json().data;
      const [row] = await api.context.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.uuid, user.uuid));
      for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
        await api.context.limits.hit(`photo-upload:${row?.id}`, {
          maxAttempts: UPLOADS_PER_HOUR,
          decaySeconds: 3600,
        });
      }
      const res = await upload(m, multipart(await jpegWithGps()));
      expect(res.statusCode).toBe(429);
      expect(res.json().errors.photo).toBeDefined();
    });

    it('serves nothing for bad photo names', async () => {
      for (const name of [
        '..%2F..%2Fetc%2Fpasswd',
        'abc.jpg',
        `${'a'.repeat(32)}.png`,
        `${'0'.repeat(32)}.jpg`,
      ]) {
        expect((await api.app.inject({ method: 'GET', url: `/api/photos/${name}` })).statusCode, name).toBe(
          404,
        );
      }
    });
  });
}
