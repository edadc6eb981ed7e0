import type { Conversation, ConversationMember } from '@ukd/contracts/api';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type ConversationRow, type MessageRow, messages } from '../db/messaging-schema';
import { type UserRow, users } from '../db/schema';
import { approvedPrimaries } from '../photos/photo-resource';
import { profileCard } from '../profiles/profile-resource';
import { deletedUptoOf } from './conversations';
import { messageResource } from './message-resource';

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
  const rc = { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls, online: await ctx.realtime.online.members() };
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
