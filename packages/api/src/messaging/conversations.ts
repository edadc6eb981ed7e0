import type { Conversation, ConversationMember } from '@ukd/contracts/api';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import type { UserRow } from '../db/schema';
import { users } from '../db/schema';
import { notFound } from '../http/api-error';
import { approvedPrimaries } from '../photos/photo-resource';
import { profileCard } from '../profiles/profile-resource';
import { notBlocked } from '../profiles/visibility';
import type { DbOrTx } from './credit-ledger';
import { messageResource } from './message-resource';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL helpers for "the viewer's side" of a conversation row. */
export function viewerSide(viewerId: number) {
  const isInitiator = sql`${conversations.initiatorId} = ${viewerId}`;
  return {
    isParticipant: or(
      eq(conversations.initiatorId, viewerId),
      eq(conversations.recipientId, viewerId),
    ) as SQL,
    star: sql<boolean>`(case when ${isInitiator} then ${conversations.initiatorStar} else ${conversations.recipientStar} end)`,
    deletedUpto: sql<
      number | null
    >`(case when ${isInitiator} then ${conversations.initiatorDeletedUpto} else ${conversations.recipientDeletedUpto} end)`,
    chatmateId: sql<number>`(case when ${isInitiator} then ${conversations.recipientId} else ${conversations.initiatorId} end)`,
  };
}

/**
 * Conversations the viewer sees in their list: theirs; for the recipient only once a message
 * exists; not deleted for them unless a newer message arrived; no block either way; the other
 * member not deactivated.
 */
export function listedFor(viewerId: number): SQL {
  const side = viewerSide(viewerId);
  return and(
    side.isParticipant,
    or(eq(conversations.initiatorId, viewerId), sql`${conversations.lastMessageId} is not null`),
    or(sql`${side.deletedUpto} is null`, sql`${conversations.lastMessageId} > ${side.deletedUpto}`),
    notBlocked(viewerId, side.chatmateId),
    sql`exists (select 1 from ${users} cm where cm.id = ${side.chatmateId} and cm.deactivated_at is null)`,
  ) as SQL;
}

/** One of the viewer's conversations by uuid; anything else (malformed, not theirs) is a 404. */
export async function participantConversation(
  db: DbOrTx,
  viewerId: number,
  rawUuid: string,
): Promise<ConversationRow> {
  if (typeof rawUuid !== 'string' || !UUID.test(rawUuid)) throw notFound();
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.uuid, rawUuid.toLowerCase()), viewerSide(viewerId).isParticipant));
  if (!row) throw notFound();
  return row;
}

export const isInitiator = (c: ConversationRow, viewerId: number) => c.initiatorId === viewerId;
export const chatmateOf = (c: ConversationRow, viewerId: number) =>
  isInitiator(c, viewerId) ? c.recipientId : c.initiatorId;
export const deletedUptoOf = (c: ConversationRow, viewerId: number) =>
  (isInitiator(c, viewerId) ? c.initiatorDeletedUpto : c.recipientDeletedUpto) ?? 0;

export interface ConversationIncludes {
  initiatorPhoto: boolean;
  recipientPhoto: boolean;
  lastMessage: boolean;
}

/** Builds the Conversation resources of `rows` for the viewer (a few batched queries). */
export async function conversationResources(
  ctx: AppContext,
  viewer: UserRow,
  rows: ConversationRow[],
  include: ConversationIncludes,
): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const memberIds = [...new Set(rows.flatMap((r) => [r.initiatorId, r.recipientId]))];
  const ids = rows.map((r) => r.id);
  const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
  const [memberRows, primaries, lastRows, unreadRows] = await Promise.all([
    ctx.db.select().from(users).where(inArray(users.id, memberIds)),
    approvedPrimaries(ctx.db, memberIds),
    include.lastMessage && lastIds.length
      ? ctx.db.select().from(messages).where(inArray(messages.id, lastIds))
      : Promise.resolve([] as MessageRow[]),
    ctx.db
      .select({ conversationId: messages.conversationId, n: sql<string>`count(*)` })
      .from(messages)
      .where(
        and(inArray(messages.conversationId, ids), eq(messages.toId, viewer.id), isNull(messages.readAt)),
      )
      .groupBy(messages.conversationId),
  ]);
  const byId = new Map(memberRows.map((u) => [u.id, u]));
  const lastById = new Map(lastRows.map((m) => [m.id, m]));
  const unread = new Map(unreadRows.map((r) => [r.conversationId, Number(r.n)]));
  const rc = { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls };
  const img = { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls };
  const member = (id: number, withPhoto: boolean): ConversationMember => {
    const user = byId.get(id);
    if (!user) throw new Error(`conversation member ${id} missing`);
    return { id, ...profileCard(user, primaries.get(id), rc, { includePrimary: withPhoto }) };
  };
  return rows.map((row) => {
    const initiator = member(row.initiatorId, include.initiatorPhoto);
    const recipient = member(row.recipientId, include.recipientPhoto);
    const viewerIsInitiator = row.initiatorId === viewer.id;
    const resource: Conversation = {
      id: row.id,
      uuid: row.uuid,
      star: viewerIsInitiator ? row.initiatorStar : row.recipientStar,
      initiator_id: row.initiatorId,
      recipient_id: row.recipientId,
      viewer_id: viewer.id,
      initiator,
      recipient,
      viewer: viewerIsInitiator ? initiator : recipient,
      chatmate: viewerIsInitiator ? recipient : initiator,
      unread_count: unread.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    if (include.lastMessage) {
      const last = row.lastMessageId === null ? undefined : lastById.get(row.lastMessageId);
      resource.last_message =
        last && last.id > deletedUptoOf(row, viewer.id) ? messageResource(last, row, viewer.id, img) : null;
    }
    return resource;
  });
}

/** `/me` message counters: unread and received messages, from members not blocked either way. */
export async function messageCounters(
  db: DbOrTx,
  userId: number,
): Promise<{ unread_messages_count: number; received_messages_count: number }> {
  const [row] = await db
    .select({
      unread: sql<string>`count(*) filter (where ${messages.readAt} is null)`,
      received: sql<string>`count(*)`,
    })
    .from(messages)
    .where(and(eq(messages.toId, userId), notBlocked(userId, messages.fromId)));
  return {
    unread_messages_count: Number(row?.unread ?? 0),
    received_messages_count: Number(row?.received ?? 0),
  };
}
