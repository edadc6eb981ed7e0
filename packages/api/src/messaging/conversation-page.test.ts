import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../db/interactions-schema';
import { type ConversationRow, conversations, messages } from '../db/messaging-schema';
import { photos, type UserRow, users } from '../db/schema';
import { CARD_FIELDS } from '../profiles/profile-resource';
import { drivers, memberWithCredits, startTestApi, type TestApi } from '../test/harness';
import { loadConversation } from './conversation-page';
import { type ConversationFilters, hideForMember, listConversations, setStar } from './conversation-queries';

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
        .select({
          id: photos.id,
          file: photos.file,
          width: photos.width,
          height: photos.height,
          status: photos.status,
          isPrimary: photos.isPrimary,
          createdAt: photos.createdAt,
        })
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

    it("pages a member's conversations as both initiator and recipient: every visible one once, in list order, with totals per filter", async () => {
      const db = api.context.db;
      const viewer = (await member()).row;
      const others: UserRow[] = [];
      for (let i = 0; i < 14; i++) others.push((await member()).row);
      // Times far apart and out of creation order, so the order comes from updated_at, not ids.
      const base = Date.parse('2026-01-01T00:00:00Z');
      const rows: ConversationRow[] = [];
      for (const [i, other] of others.entries()) {
        const viewerStarts = i % 3 !== 0;
        const [initiator, recipient] = viewerStarts ? [viewer, other] : [other, viewer];
        const [low, high] =
          initiator.id < recipient.id ? [initiator.id, recipient.id] : [recipient.id, initiator.id];
        const at = new Date(base + ((i * 7) % 14) * 60_000);
        const [row] = await db
          .insert(conversations)
          .values({
            initiatorId: initiator.id,
            recipientId: recipient.id,
            pairLow: low,
            pairHigh: high,
            updatedAt: at,
          })
          .returning();
        if (!row) throw new Error('conversation missing');
        // One in five has no message yet: shown to its initiator only.
        if (i % 5 !== 4) {
          const from = i % 2 ? initiator : recipient;
          const to = from === initiator ? recipient : initiator;
          const [message] = await db
            .insert(messages)
            .values({
              clientMsgId: crypto.randomUUID(),
              conversationId: row.id,
              fromId: from.id,
              toId: to.id,
              type: 'text',
              body: `hello ${i}`,
              createdAt: at,
              readAt: i % 4 === 0 ? at : null,
            })
            .returning();
          await db
            .update(conversations)
            .set({ lastMessageId: message?.id })
            .where(eq(conversations.id, row.id));
        }
        rows.push(row);
      }
      const fresh = async (row: ConversationRow) =>
        (await db.select().from(conversations).where(eq(conversations.id, row.id)))[0] as ConversationRow;
      // Stars on both roles, one deleted for the viewer, a block each way, a deactivated chatmate.
      for (const i of [1, 3, 6, 8])
        await setStar(db, await fresh(rows[i] as ConversationRow), viewer.id, true);
      await setStar(db, await fresh(rows[2] as ConversationRow), (others[2] as UserRow).id, true);
      await hideForMember(db, await fresh(rows[7] as ConversationRow), viewer.id);
      await db.insert(blocks).values([
        { blockerId: viewer.id, blockedId: (others[10] as UserRow).id },
        { blockerId: (others[11] as UserRow).id, blockedId: viewer.id },
      ]);
      await db
        .update(users)
        .set({ deactivatedAt: new Date() })
        .where(eq(users.id, (others[13] as UserRow).id));

      // The rule, spelled out once more in plain code over the rows as stored.
      const stored = await db
        .select()
        .from(conversations)
        .where(
          inArray(
            conversations.id,
            rows.map((r) => r.id),
          ),
        );
      const lastMessages = await db
        .select()
        .from(messages)
        .where(
          inArray(
            messages.conversationId,
            rows.map((r) => r.id),
          ),
        );
      const chatmateOf = (c: ConversationRow) =>
        c.initiatorId === viewer.id ? c.recipientId : c.initiatorId;
      const hidden = new Set([others[10], others[11], others[13]].map((o) => (o as UserRow).id));
      const visible = stored.filter((c) => {
        const deletedUpto = c.initiatorId === viewer.id ? c.initiatorDeletedUpto : c.recipientDeletedUpto;
        return (
          (c.initiatorId === viewer.id || c.lastMessageId !== null) &&
          (deletedUpto === null || (c.lastMessageId ?? 0) > deletedUpto) &&
          !hidden.has(chatmateOf(c))
        );
      });
      const starOf = (c: ConversationRow) =>
        c.initiatorId === viewer.id ? c.initiatorStar : c.recipientStar;
      const lastUnread = (c: ConversationRow) =>
        lastMessages.some((m) => m.id === c.lastMessageId && m.toId === viewer.id && m.readAt === null);
      const inOrder = [...visible].sort(
        (x, y) =>
          Number(starOf(y)) - Number(starOf(x)) ||
          y.updatedAt.getTime() - x.updatedAt.getTime() ||
          y.id - x.id,
      );
      expect(inOrder.length).toBeGreaterThan(6);
      expect(new Set(inOrder.map((c) => c.initiatorId === viewer.id))).toEqual(new Set([true, false]));

      const cases: [ConversationFilters, (c: ConversationRow) => boolean][] = [
        [{}, () => true],
        [{ star: true }, starOf],
        [{ star: false }, (c) => !starOf(c)],
        [{ onlyUnread: true }, lastUnread],
        [{ onlyRead: true }, (c) => !lastUnread(c)],
      ];
      for (const [filters, keeps] of cases) {
        const expected = inOrder.filter(keeps).map((c) => c.id);
        for (const limit of [1, 3, 10]) {
          const seen: number[] = [];
          for (let offset = 0; offset <= expected.length; offset += limit) {
            const page = await listConversations(db, viewer, filters, { limit, offset });
            expect(page.total).toBe(expected.length);
            expect(page.starred).toBe(inOrder.filter(starOf).length);
            seen.push(...page.rows.map((r) => r.row.id));
          }
          expect({ filters, limit, ids: seen }).toEqual({ filters, limit, ids: expected });
        }
      }
    });
  });
}
