import { asc, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { conversations, messages } from '../db/messaging-schema';
import { type UserRow, users } from '../db/schema';
import { viewerSide } from './conversations';
import { messageResource } from './message-resource';

/**
 * The member's conversations with every message (sent and received, including those they
 * deleted for themself), for the UK GDPR export (`GET /api/account/export`, `conversations`).
 */
export async function exportConversations(ctx: AppContext, user: UserRow): Promise<unknown[]> {
  const rows = await ctx.db
    .select()
    .from(conversations)
    .where(viewerSide(user.id).isParticipant)
    .orderBy(asc(conversations.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const otherIds = rows.map((r) => (r.initiatorId === user.id ? r.recipientId : r.initiatorId));
  const [msgs, others] = await Promise.all([
    ctx.db.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.id)),
    ctx.db
      .select({ id: users.id, uuid: users.uuid, username: users.username })
      .from(users)
      .where(inArray(users.id, otherIds)),
  ]);
  const otherById = new Map(others.map((o) => [o.id, o]));
  const img = { urls: ctx.photoUrls, apiUrl: ctx.options.apiUrl };
  return rows.map((row) => {
    const other = otherById.get(row.initiatorId === user.id ? row.recipientId : row.initiatorId);
    return {
      uuid: row.uuid,
      started_by_me: row.initiatorId === user.id,
      chatmate: other ? { uuid: other.uuid, username: other.username } : null,
      created_at: row.createdAt.toISOString(),
      messages: msgs
        .filter((m) => m.conversationId === row.id)
        .map((m) => {
          const { viewer_id: _viewer, ...rest } = messageResource(m, row, user.id, img);
          return { ...rest, from_me: m.fromId === user.id };
        }),
    };
  });
}
