import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../db/messaging-schema';
import { photos, users } from '../db/schema';
import { CARD_FIELDS } from '../profiles/profile-resource';
import { drivers, memberWithCredits, startTestApi, type TestApi } from '../test/harness';
import { loadConversation } from './conversation-page';

// The one-statement loader reads rows back from JSON: they must be exactly the rows drizzle's
// select() gives (dates as Date, JSON columns as objects, nulls as null), on both drivers.
for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`conversation page loader (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const member = () => memberWithCredits(api, 50);

    it('loads a conversation, its members, photo, last message and unread count as select() would', async () => {
      const [a, b] = [await member(), await member()];
      const db = api.context.db;
      // Two approved photos: the loader picks the first approved one when none is primary.
      await db.insert(photos).values([
        {
          userId: b.row.id,
          file: `${'a'.repeat(32)}.jpg`,
          width: 600,
          height: 800,
          bytes: 1000,
          status: 'approved',
        },
        {
          userId: b.row.id,
          file: `${'b'.repeat(32)}.jpg`,
          width: 600,
          height: 800,
          bytes: 1000,
          status: 'pending',
        },
      ]);
      const started = await api.call('POST', '/api/user-conversations', {
        token: a.access_token,
        body: { recipient_uuid: b.row.uuid },
      });
      const uuid = started.json().data.uuid as string;
      for (const body of ['Hello there', 'Fancy a coffee?']) {
        const sent = await api.call('POST', `/api/user-conversations/${uuid}/messages`, {
          token: a.access_token,
          body: { client_msg_id: crypto.randomUUID(), type: 'text', body },
        });
        expect(sent.statusCode).toBe(201);
      }
      const [conversation] = await db.select().from(conversations).where(eq(conversations.uuid, uuid));
      if (!conversation) throw new Error('conversation missing');

      const [initiator] = await db.select().from(users).where(eq(users.id, a.row.id));
      const [recipient] = await db.select().from(users).where(eq(users.id, b.row.id));
      if (!initiator || !recipient) throw new Error('member missing');
      const loaded = await loadConversation(db, recipient, conversation.id);
      const [last] = await db
        .select()
        .from(messages)
        .where(eq(messages.id, conversation.lastMessageId ?? 0));
      const [shown] = await db
        .select()
        .from(photos)
        .where(and(eq(photos.userId, b.row.id), eq(photos.status, 'approved')));

      expect(loaded.row).toEqual(conversation);
      const card = (row: typeof initiator) =>
        row && Object.fromEntries(CARD_FIELDS.map((key) => [key, row[key]]));
      expect(loaded.initiator).toEqual(card(initiator));
      expect(loaded.recipient).toEqual(card(recipient));
      expect(loaded.initiator.lastActiveAt).toBeInstanceOf(Date);
      expect(loaded.lastMessage).toEqual(last);
      expect(loaded.lastMessage?.createdAt).toBeInstanceOf(Date);
      expect(loaded.initiatorPhoto).toBeNull();
      expect(loaded.recipientPhoto).toEqual(shown);
      expect(loaded.recipientPhoto?.createdAt).toBeInstanceOf(Date);
      expect(loaded.unread).toBe(2);
      const asInitiator = await loadConversation(db, initiator, conversation.id);
      expect(asInitiator.unread).toBe(0);
      expect(asInitiator.recipient).toEqual(card(recipient));
      expect(asInitiator.recipientPhoto).toEqual(shown);
      expect(asInitiator.initiatorPhoto).toBeNull();
    });
  });
}
