import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CAPTCHA } from '@ukd/contracts/api';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../db/support-schema';
import { statuses } from '../security/kit';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';
import { REFERENCE_FORMAT } from './ticket-references';
import { TICKETS_PER_HOUR } from './ticket-routes';

const BOUNDARY = '----ukdTicketTestBoundary';

/** A multipart body: text fields, then optionally one file. */
function multipart(
  fields: Record<string, string>,
  file?: { bytes: Buffer; field?: string; filename?: string },
) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachment'}"; filename="${file.filename ?? 'screen.jpg'}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const screenshot = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#8844aa' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhone' } })
    .toBuffer();

let ipCounter = 0;
const freshIp = () => `10.14.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const request = (overrides: Record<string, unknown> = {}) => ({
  topic: 'payments',
  email: 'Visitor@Example.com',
  message: 'My credits did not arrive after paying this morning.',
  captcha: CAPTCHA.testToken,
  ...overrides,
});

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`support tickets (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const stored = async () => (await api.context.db.select({ n: count() }).from(supportTickets))[0]?.n ?? 0;
    const photoFiles = async () =>
      (await readdir(join(api.dataDir, 'uploads', 'photos')).catch(() => [])).length;
    const upload = (payload: Buffer, opts: { token?: string; ip?: string } = {}) =>
      api.app.inject({
        method: 'POST',
        url: '/api/support-tickets',
        remoteAddress: opts.ip ?? freshIp(),
        headers: {
          'site-key': 'ukdating-site01',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        payload,
      });

    it('takes a visitor’s request, answers a reference and emails a confirmation without the message', async () => {
      const res = await api.call('POST', '/api/support-tickets', { body: request(), ip: freshIp() });
      expect(res.statusCode, res.body).toBe(201);
      const { message, data } = res.json();
      expect(data.reference).toMatch(REFERENCE_FORMAT);
      expect(message).toContain(data.reference);
      expect(data).toMatchObject({
        topic: 'payments',
        email: 'visitor@example.com',
        status: 'open',
        source: 'request',
      });
      const [row] = await api.context.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.reference, data.reference));
      expect(row?.userId).toBeNull();
      const mail = (await api.outbox()).find((m) => m.subject.includes(data.reference));
      expect(mail?.to).toBe('visitor@example.com');
      expect(mail?.text).toContain(data.reference);
      // The form takes any address: our mail must not carry a stranger's text to it.
      expect(mail?.text).not.toContain('credits did not arrive');
      expect(mail?.links.ticket).toBe('http://localhost:3000/helpdesk');
    });

    it('links a member’s ticket to them, re-encodes the attachment, and shows it only to them', async () => {
      const owner = await registerMember(api);
      const other = await registerMember(api);
      const res = await upload(
        multipart(
          {
            topic: 'technical',
            email: owner.email,
            message: 'The chat page stays blank.',
            captcha: CAPTCHA.testToken,
          },
          { bytes: await screenshot() },
        ),
        { token: owner.access_token },
      );
      expect(res.statusCode, res.body).toBe(201);
      const ticket = res.json().data;
      expect(ticket.has_attachment).toBe(true);
      const [row] = await api.context.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.reference, ticket.reference));
      const saved = await api.context.photoStore.read(row?.attachment?.file ?? '');
      const meta = await sharp(saved ?? Buffer.alloc(0)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      const mail = (await api.outbox()).find((m) => m.subject.includes(ticket.reference));
      expect(mail?.links.ticket).toBe(`http://localhost:3000/helpdesk/requests/${ticket.reference}`);

      const list = await api.call('GET', '/api/support-tickets', { token: owner.access_token });
      expect(list.json().data.map((t: { reference: string }) => t.reference)).toEqual([ticket.reference]);
      const one = await api.call('GET', `/api/support-tickets/${ticket.reference.toLowerCase()}`, {
        token: owner.access_token,
      });
      expect(one.statusCode).toBe(200);
      expect(one.json().data.reference).toBe(ticket.reference);

      // Someone else's, unknown and malformed references are the same 404; visitors get 401.
      for (const ref of [ticket.reference, 'FL-000000', 'FL-7K3Q9', '1 OR 1=1', '..%2F..%2Fetc']) {
        const res = await api.call('GET', `/api/support-tickets/${ref}`, { token: other.access_token });
        expect(res.statusCode, ref).toBe(404);
      }
      expect(
        (await api.call('GET', '/api/support-tickets', { token: other.access_token })).json().data,
      ).toEqual([]);
      expect((await api.call('GET', `/api/support-tickets/${ticket.reference}`)).statusCode).toBe(401);
      expect((await api.call('GET', '/api/support-tickets')).statusCode).toBe(401);
    });

    it('keeps a visitor’s ticket from every member, and a bad token is a 401, not a visitor', async () => {
      const visitorTicket = (
        await api.call('POST', '/api/support-tickets', { body: request(), ip: freshIp() })
      ).json().data;
      const member = await registerMember(api);
      expect(
        (
          await api.call('GET', `/api/support-tickets/${visitorTicket.reference}`, {
            token: member.access_token,
          })
        ).statusCode,
      ).toBe(404);
      const before = await stored();
      const forged = await api.call('POST', '/api/support-tickets', {
        body: request(),
        token: 'abc.def.ghi',
        ip: freshIp(),
      });
      expect(forged.statusCode).toBe(401);
      expect(await stored()).toBe(before);
    });

    it('answers missing and bad fields per field and stores nothing', async () => {
      const before = await stored();
      const mails = (await api.outbox()).length;
      const empty = await api.call('POST', '/api/support-tickets', { body: {}, ip: freshIp() });
      expect(empty.statusCode).toBe(422);
      expect(Object.keys(empty.json().errors).sort()).toEqual(['captcha', 'email', 'message', 'topic']);
      const cases: [Record<string, unknown>, string][] = [
        [request({ topic: 'refund-now' }), 'topic'],
        [request({ email: 'not-an-address' }), 'email'],
        [request({ message: 'short' }), 'message'],
        [request({ message: 'x'.repeat(5001) }), 'message'],
        [request({ message: 'nul \u0000 byte in here' }), 'message'],
        [request({ message: ['an', 'array'] }), 'message'],
        [request({ source: 'admin' }), 'source'],
        [request({ status: 'closed' }), 'body'],
        [request({ user_id: 1 }), 'body'],
        [request({ captcha: undefined }), 'captcha'],
        [request({ captcha: 'guess' }), 'captcha'],
      ];
      for (const [body, field] of cases) {
        const res = await api.call('POST', '/api/support-tickets', { body, ip: freshIp() });
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(body).slice(0, 80)).toEqual([field]);
      }
      // Multipart is held to the same rules: unknown, repeated and missing fields.
      const fields = {
        topic: 'account',
        email: 'a@example.com',
        message: 'Cannot sign in at all.',
        captcha: CAPTCHA.testToken,
      };
      const unknown = await upload(multipart({ ...fields, status: 'closed' }));
      expect(unknown.json().errors.body[0]).toBe('The status field is not allowed.');
      expect((await upload(multipart({ ...fields, captcha: 'nope' }))).json().errors).toHaveProperty(
        'captcha',
      );
      const noMessage = await upload(
        multipart({ topic: 'account', email: 'a@example.com', captcha: CAPTCHA.testToken }),
      );
      expect(noMessage.json().errors).toHaveProperty('message');
      expect(await stored()).toBe(before);
      expect((await api.outbox()).length).toBe(mails);
    });

    it('refuses non-image, oversized, bomb and misnamed attachments and keeps no file', async () => {
      const before = await stored();
      const files = await photoFiles();
      const fields = {
        topic: 'technical',
        email: 'b@example.com',
        message: 'Here is what I see.',
        captcha: CAPTCHA.testToken,
      };
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><script>alert(1)</script></svg>',
      );
      const cases: [string, Buffer, RegExp, string?][] = [
        [
          'html as .jpg',
          multipart(fields, { bytes: Buffer.from('<html><script>alert(1)</script></html>') }),
          /must be an image/,
        ],
        ['svg', multipart(fields, { bytes: svg, filename: 'a.svg' }), /must be an image/],
        ['0 bytes', multipart(fields, { bytes: Buffer.alloc(0) }), /must be an image/],
        [
          'truncated',
          multipart(fields, { bytes: (await screenshot()).subarray(0, 300) }),
          /must be an image/,
        ],
        ['too small', multipart(fields, { bytes: await screenshot(50, 50) }), /at least 200/],
        [
          'over 5 MB',
          multipart(fields, { bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) }),
          /greater than 5120 kilobytes/,
        ],
        [
          'other field',
          multipart(fields, { bytes: await screenshot(), field: 'photo' }),
          /not allowed/,
          'photo',
        ],
      ];
      for (const [name, payload, message, field = 'attachment'] of cases) {
        const res = await upload(payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
        expect(res.json().errors[field]?.[0], name).toMatch(message);
      }
      expect(await stored()).toBe(before);
      expect(await photoFiles()).toBe(files);
    });

    it(`lets one address send ${TICKETS_PER_HOUR} requests an hour, even in a parallel burst`, async () => {
      const ip = freshIp();
      const before = await stored();
      const burst = await Promise.all(
        Array.from({ length: TICKETS_PER_HOUR + 4 }, () =>
          api.call('POST', '/api/support-tickets', { body: request(), ip }),
        ),
      );
      expect(statuses(burst)).toEqual({ 201: TICKETS_PER_HOUR, 429: 4 });
      const refused = burst.find((r) => r.statusCode === 429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.json().errors.message[0]).toMatch(/try again later/);
      expect(await stored()).toBe(before + TICKETS_PER_HOUR);
      // Another address is not affected.
      expect(
        (await api.call('POST', '/api/support-tickets', { body: request(), ip: freshIp() })).statusCode,
      ).toBe(201);
    });
  });
}
