import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../db/interactions-schema';
import { member, type SecurityMember, sendText, startConversation, statuses } from '../security/kit';
import { drivers, startTestApi, type TestApi } from '../test/harness';
import { REPORTS_PER_DAY } from './file-report';

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`report abuse: profiles, photos and messages (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const report = (who: SecurityMember | null, body: Record<string, unknown>) =>
      api.call('POST', '/api/reports', { ...(who ? { token: who.access_token } : {}), body });
    const reportsBy = (reporter: SecurityMember) =>
      api.context.db.select().from(reports).where(eq(reports.reporterId, reporter.id));

    it('files a profile report into the moderation queue with a clear answer', async () => {
      const [reporter, target] = [await member(api), await member(api)];
      const res = await report(reporter, {
        target: 'profile',
        profile_uuid: target.uuid,
        reason: 'fake_profile',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Thank you. Our moderators will review your report.');
      const [row] = await reportsBy(reporter);
      expect(row).toMatchObject({ reportedId: target.id, messageId: null, photoId: null, status: 'open' });
      // Unknown, malformed and one's own profile: 404; a visitor: 401.
      for (const uuid of ['00000000-0000-4000-8000-000000000000', 'x', reporter.uuid]) {
        expect(
          (await report(reporter, { target: 'profile', profile_uuid: uuid, reason: 'scam' })).statusCode,
        ).toBe(404);
      }
      expect(
        (await report(null, { target: 'profile', profile_uuid: target.uuid, reason: 'scam' })).statusCode,
      ).toBe(401);
    });

    it('files a report of a message sent to the reporter, and only such a message', async () => {
      const [alice, bob, eve] = [await member(api, 50), await member(api, 50), await member(api)];
      const conversation = await startConversation(api, alice, bob);
      const sent = await sendText(api, alice, conversation.uuid, 'send me money');
      const message = sent.json().data;
      const ok = await report(bob, {
        target: 'message',
        message_uuid: message.uuid,
        reason: 'scam',
        details: 'Asked for money',
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const [row] = await reportsBy(bob);
      expect(row).toMatchObject({ reportedId: alice.id, messageId: message.id, details: 'Asked for money' });

      // The author, an outsider, unknown and malformed ids: the same 404, nothing stored.
      for (const [who, uuid] of [
        [alice, message.uuid],
        [eve, message.uuid],
        [bob, '00000000-0000-4000-8000-000000000000'],
        [bob, String(message.id)],
        [bob, "1' OR '1'='1"],
      ] as const) {
        const res = await report(who, { target: 'message', message_uuid: uuid, reason: 'scam' });
        expect(res.statusCode, `${who.username} ${uuid}`).toBe(404);
      }
      expect(await reportsBy(alice)).toEqual([]);
      expect(await reportsBy(eve)).toEqual([]);

      // Blocking the sender does not stop the report (block and report go together).
      await api.call('PUT', `/api/profiles/${alice.uuid}/block`, { token: bob.access_token });
      expect(
        (await report(bob, { target: 'message', message_uuid: message.uuid, reason: 'harassment' }))
          .statusCode,
      ).toBe(201);
    });

    it('answers missing targets and bad fields per field', async () => {
      const [reporter, target] = [await member(api), await member(api)];
      const cases: [Record<string, unknown>, string][] = [
        [{ target: 'message', reason: 'scam' }, 'message_uuid'],
        [{ target: 'profile', reason: 'scam' }, 'profile_uuid'],
        [{ target: 'photo', profile_uuid: target.uuid, reason: 'scam' }, 'photo_id'],
        [
          {
            target: 'photo',
            profile_uuid: target.uuid,
            photo_id: '00000000-0000-4000-8000-000000000000',
            reason: 'scam',
          },
          'photo_id',
        ],
        [{ target: 'conversation', profile_uuid: target.uuid, reason: 'scam' }, 'target'],
        [{ target: 'profile', profile_uuid: target.uuid, reason: 'because' }, 'reason'],
        [
          { target: 'profile', profile_uuid: target.uuid, reason: 'scam', details: 'x'.repeat(2001) },
          'details',
        ],
        [{ target: 'profile', profile_uuid: { $ne: null }, reason: 'scam' }, 'profile_uuid'],
        [{ target: 'profile', profile_uuid: target.uuid, reason: 'scam', reporter_id: 1 }, 'body'],
      ];
      for (const [body, field] of cases) {
        const res = await report(reporter, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
      }
      expect(await reportsBy(reporter)).toEqual([]);
    });

    it(`shares one daily limit of ${REPORTS_PER_DAY} with profile reports, even in parallel`, async () => {
      const reporter = await member(api);
      const target = await member(api);
      const res = await Promise.all(
        Array.from({ length: REPORTS_PER_DAY + 6 }, (_, i) =>
          i % 2
            ? report(reporter, { target: 'profile', profile_uuid: target.uuid, reason: 'scam' })
            : api.call('POST', `/api/profiles/${target.uuid}/report`, {
                token: reporter.access_token,
                body: { reason: 'scam' },
              }),
        ),
      );
      expect(statuses(res)).toEqual({ 201: REPORTS_PER_DAY, 429: 6 });
      const refused = res.find((r) => r.statusCode === 429);
      expect(refused?.json().errors.reason[0]).toMatch(/try again tomorrow/);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect((await reportsBy(reporter)).length).toBe(REPORTS_PER_DAY);
    });
  });
}
