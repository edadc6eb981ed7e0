import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type ConversationRow, conversations, memberMessageCounts } from '../db/messaging-schema';
import { type Param, param, preparedPer } from '../db/prepared-statement';
import { notFound } from '../http/api-error';
import { storedUuidOf } from '../http/uuid';
import { notBlocked, notDeactivated } from '../profiles/visibility';
import type { DbOrTx } from './credit-ledger';

/**
 * SQL helpers for "the viewer's side" of a conversation row when the viewer's role is not known
 * in advance: each of `sideAs`' columns, chosen by whether the viewer started it.
 */
export function viewerSide(viewerId: Param<number>) {
  const asInitiator = sideAs('initiator');
  const asRecipient = sideAs('recipient');
  const isInitiator = sql`${asInitiator.memberId} = ${viewerId}`;
  const pick = <T>(column: 'star' | 'deletedUpto' | 'chatmateId') =>
    sql<T>`(case when ${isInitiator} then ${asInitiator[column]} else ${asRecipient[column]} end)`;
  return {
    isParticipant: or(eq(asInitiator.memberId, viewerId), eq(asRecipient.memberId, viewerId)) as SQL,
    star: pick<boolean>('star'),
    deletedUpto: pick<number | null>('deletedUpto'),
    chatmateId: pick<number>('chatmateId'),
  };
}

/** Which member of a conversation the viewer is. */
export type ViewerRole = 'initiator' | 'recipient';

/**
 * The viewer's columns of a conversation row when they are its `role`. A statement that reads
 * the viewer's conversations one role at a time names plain columns, which an index serves in
 * order; `viewerSide`'s CASE on the viewer is opaque to the planner (a member with thousands of
 * conversations had each of them read, checked and sorted to show ten).
 */
export function sideAs(role: ViewerRole) {
  const initiator = role === 'initiator';
  return {
    role,
    memberId: initiator ? conversations.initiatorId : conversations.recipientId,
    chatmateId: initiator ? conversations.recipientId : conversations.initiatorId,
    star: initiator ? conversations.initiatorStar : conversations.recipientStar,
    deletedUpto: initiator ? conversations.initiatorDeletedUpto : conversations.recipientDeletedUpto,
  };
}

export type RoleSide = ReturnType<typeof sideAs>;

/**
 * Of the viewer's conversations as `side`, the ones they see in their list: for the recipient
 * only once a message exists; not deleted for them unless a newer message arrived; the other
 * member not among `blocked` (the relation of `blockedEitherWay`'s ids) and not deactivated.
 */
export function listedAs(side: RoleSide, blocked: SQL): SQL {
  return and(
    side.role === 'recipient' ? sql`${conversations.lastMessageId} is not null` : undefined,
    or(isNull(side.deletedUpto), sql`${conversations.lastMessageId} > ${side.deletedUpto}`),
    sql`${side.chatmateId} not in (select id from ${blocked})`,
    notDeactivated(side.chatmateId),
  ) as SQL;
}

/**
 * The conversation named by the `uuid` param, if it is the viewer's and no block stands either
 * way between the two members. Every conversation route, its messages, sending (in the send's
 * one read), marking read and the `private-conversation.{uuid}` channel auth go through this one
 * rule, so a block cuts the conversation itself, not only the list.
 */
export function participantOf(viewer: Param<number>): SQL {
  const side = viewerSide(viewer);
  return and(
    eq(conversations.uuid, param<string>('uuid')),
    side.isParticipant,
    notBlocked(viewer, side.chatmateId),
  ) as SQL;
}

/** One of the viewer's conversations by uuid; anything else (malformed, not theirs, blocked) is a 404. */
const participantQuery = preparedPer((db: DbOrTx) =>
  db
    .select()
    .from(conversations)
    .where(participantOf(param<number>('viewer')))
    .prepare('participant_conversation'),
);

export async function participantConversation(
  db: DbOrTx,
  viewerId: number,
  rawUuid: string,
): Promise<ConversationRow> {
  const uuid = storedUuidOf(rawUuid);
  const [row] = await participantQuery(db).execute({ uuid, viewer: viewerId });
  if (!row) throw notFound();
  return row;
}

export const isInitiator = (c: ConversationRow, viewerId: number) => c.initiatorId === viewerId;
export const chatmateOf = (c: ConversationRow, viewerId: number) =>
  isInitiator(c, viewerId) ? c.recipientId : c.initiatorId;
export const deletedUptoOf = (c: ConversationRow, viewerId: number) =>
  (isInitiator(c, viewerId) ? c.initiatorDeletedUpto : c.recipientDeletedUpto) ?? 0;

/**
 * The member's unread messages, from members not blocked either way, as the database keeps them
 * (`member_message_counts`, migration 0011) with every message, read and block.
 */
export async function unreadMessagesCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: memberMessageCounts.unread })
    .from(memberMessageCounts)
    .where(eq(memberMessageCounts.memberId, userId));
  return row?.unread ?? 0;
}
