import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { executedRows, maybeRowFromColumns } from '../db/related-rows';
import { users } from '../db/schema';
import { notFound } from '../http/api-error';
import { storedUuidOf } from '../http/uuid';
import type { CardUser } from '../profiles/profile-resource';
import { blockedEitherWay, type Viewer, visibleTo } from '../profiles/visibility';
import { type ConversationPage, conversationPageStatement } from './conversation-page';
import { isInitiator, listedAs, participantOf, viewerSide } from './conversations';

/** The conversation list's filters (SPEC §7), already parsed. */
export interface ConversationFilters {
  star?: boolean | undefined;
  username?: string | undefined;
  onlyRead?: boolean | undefined;
  onlyUnread?: boolean | undefined;
}

/** Which filters a list request has on: each mix is a statement of its own. */
interface ListShape {
  star: boolean | undefined;
  username: boolean;
  onlyUnread: boolean;
  onlyRead: boolean;
}

const viewer = param<number>('viewer');

const listPage = conversationPageStatement(
  (shape: ListShape) => `${shape.star}|${shape.username}|${shape.onlyUnread}|${shape.onlyRead}`,
  (shape: ListShape) => ({
    hidden: blockedEitherWay(viewer),
    base: (side, hidden) => listedAs(side, hidden),
    filter: (side) => {
      const lastUnread = sql`exists (select 1 from ${messages} lm where lm.id = ${conversations.lastMessageId} and lm.to_id = ${viewer} and lm.read_at is null)`;
      const conditions: SQL[] = [];
      if (shape.star !== undefined) conditions.push(shape.star ? sql`${side.star}` : sql`not ${side.star}`);
      if (shape.username) {
        conditions.push(
          sql`exists (select 1 from ${users} cu where cu.id = ${side.chatmateId} and lower(cu.username) like ${param<string>('username')})`,
        );
      }
      if (shape.onlyUnread) conditions.push(lastUnread);
      if (shape.onlyRead) conditions.push(sql`not ${lastUnread}`);
      return conditions.length ? (and(...conditions) as SQL) : sql`true`;
    },
  }),
);

/** A page of the viewer's conversations, starred first then newest, loaded with the totals `meta` needs. */
export function listConversations(
  db: Db,
  viewer: CardUser,
  filters: ConversationFilters,
  page: { limit: number; offset: number },
): Promise<ConversationPage> {
  const username = filters.username
    ? `${filters.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : undefined;
  const shape: ListShape = {
    star: filters.star,
    username: username !== undefined,
    onlyUnread: filters.onlyUnread === true,
    onlyRead: filters.onlyRead === true,
  };
  return listPage(db, shape, viewer, { username, ...page });
}

/**
 * The conversation between the viewer and the member named by uuid, started when there is none,
 * with the check that the viewer may see that member (`visibleTo`), in ONE statement: it was three
 * queries drizzle built per request. Two members starting it at once both get the one row (the
 * pair is unique): the one whose insert lost finds the other's row, which a statement's snapshot
 * may not show yet, so the statement is asked again.
 */
const startStatement = preparedStatement(
  () => 'start',
  () => sql`
    with pair as (
      select ${users.id} as other, least(${viewer}::integer, ${users.id}) as low, greatest(${viewer}::integer, ${users.id}) as high
      from ${users}
      where ${users.uuid} = ${param<string>('uuid')} and ${visibleTo({ id: viewer, siteId: param<number>('site') })}
    ),
    created as (
      insert into ${conversations} (initiator_id, recipient_id, pair_low, pair_high)
      select ${viewer}::integer, pair.other, pair.low, pair.high from pair
      on conflict (pair_low, pair_high) do nothing
      returning id
    )
    select (select id from created) as created_id,
           (select c.id from ${conversations} c where c.pair_low = pair.low and c.pair_high = pair.high) as existing_id
    from pair`,
);

/** The id of the conversation with the member `uuid` (in form: `isUuid`) names (null: not a
 * member the viewer may see), and whether it was started now. */
export async function findOrStartConversation(
  db: Db,
  of: Viewer,
  uuid: string,
): Promise<{ id: number; created: boolean } | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [row] = executedRows<{ created_id: number | null; existing_id: number | null }>(
      await startStatement(db, null, { viewer: of.id, site: of.siteId, uuid: storedUuidOf(uuid) }),
    );
    if (!row) return null;
    if (row.created_id !== null) return { id: Number(row.created_id), created: true };
    if (row.existing_id !== null) return { id: Number(row.existing_id), created: false };
  }
  throw new Error('conversation missing after insert');
}

/** Stars or unstars a conversation for the viewer only; answers the row as it is now. */
export async function setStar(
  db: Db,
  row: ConversationRow,
  viewerId: number,
  on: boolean,
): Promise<ConversationRow> {
  const set = isInitiator(row, viewerId) ? { initiatorStar: on } : { recipientStar: on };
  const [updated] = await db.update(conversations).set(set).where(eq(conversations.id, row.id)).returning();
  return updated ?? row;
}

/**
 * Deletes a conversation for the viewer only: its messages so far are hidden for them (and
 * marked read, so no badge counts them); the conversation comes back with the next message.
 */
export async function hideForMember(db: Db, row: ConversationRow, viewerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(conversations).where(eq(conversations.id, row.id)).for('update');
    const upto = locked?.lastMessageId ?? 0;
    const set = isInitiator(row, viewerId)
      ? { initiatorDeletedUpto: upto, initiatorStar: false }
      : { recipientDeletedUpto: upto, recipientStar: false };
    await tx.update(conversations).set(set).where(eq(conversations.id, row.id));
    await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.conversationId, row.id),
          eq(messages.toId, viewerId),
          isNull(messages.readAt),
          lte(messages.id, upto),
        ),
      );
  });
}

/** What marking a conversation's messages read changed. */
export interface MessagesRead {
  /** The conversation's uuid, as stored. */
  uuid: string;
  /** Messages marked read now, the highest of their ids and when. */
  updated: number;
  upToId: number | null;
  readAt: Date | null;
}

/**
 * Marks the messages the viewer received in their conversation `uuid` (a 404 unless theirs and
 * unblocked, `participantOf`) as read, up to an id (all when none), in ONE statement with the
 * participant check: it was two, the update built by drizzle on every request.
 */
const readStatement = preparedStatement(
  (upTo: boolean) => String(upTo),
  (upTo: boolean) => sql`
    with c as (select ${conversations.id}, ${conversations.uuid} from ${conversations} where ${participantOf(viewer)}),
    marked as (
      update ${messages} m set read_at = now() from c
      where m.conversation_id = c.id and m.to_id = ${viewer} and m.read_at is null
        ${upTo ? sql`and m.id <= ${param<number>('up_to')}::bigint` : sql``}
      returning m.id, m.read_at)
    select c.uuid, (select count(*) from marked)::integer as updated,
           (select max(id) from marked) as up_to_id, (select min(read_at) from marked) as read_at
    from c`,
);

export async function markRead(
  db: Db,
  viewerId: number,
  uuid: string,
  upTo: number | undefined,
): Promise<MessagesRead> {
  const [row] = executedRows<{ uuid: string; updated: number; up_to_id: unknown; read_at: unknown }>(
    await readStatement(db, upTo !== undefined, {
      viewer: viewerId,
      uuid: storedUuidOf(uuid),
      up_to: upTo ?? 0,
    }),
  );
  if (!row) throw notFound();
  return {
    uuid: row.uuid,
    updated: Number(row.updated),
    upToId: row.up_to_id === null ? null : Number(row.up_to_id),
    readAt: row.read_at === null ? null : new Date(row.read_at as string | Date),
  };
}

/** Which end of a conversation a page of its messages is read from. */
type MessagePageShape = 'latest' | 'after' | 'before';

/**
 * A page of messages of the viewer's conversation named by `uuid`, with the participant check
 * (`participantOf`) in the same statement: opening a chat was two round trips, the page's query
 * built anew by drizzle each time. Every row names the conversation (`found`), so a conversation
 * with no messages to show answers one row of nulls and one that is not the viewer's none.
 */
const messagePageStatement = preparedStatement(
  (shape: MessagePageShape) => shape,
  (shape: MessagePageShape) => {
    const side = viewerSide(viewer);
    const before = shape === 'before' ? sql`and m.id < ${param<number>('before')}::bigint` : sql``;
    return sql`
      select ${conversations.id} as found, m.*
      from ${conversations}
      left join lateral (
        select * from ${messages} m
        where m.conversation_id = ${conversations.id}
          and m.id > greatest(coalesce(${side.deletedUpto}, 0), ${param<number>('after')}::bigint) ${before}
        order by m.id ${shape === 'after' ? sql`asc` : sql`desc`}
        limit ${param<number>('limit')}::integer + 1
      ) m on true
      where ${participantOf(viewer)}`;
  },
);

/**
 * A page of messages the viewer may see in their conversation `uuid` (a 404 unless theirs and
 * unblocked), oldest first: after an id (catching up), before an id (paging back), else the
 * latest. One row more than asked tells whether more exist.
 */
export async function messagePage(
  db: Db,
  viewerId: number,
  uuid: string,
  at: { after: number | undefined; before: number | undefined; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const shape: MessagePageShape =
    at.after !== undefined ? 'after' : at.before !== undefined ? 'before' : 'latest';
  const found = executedRows<{ found: number }>(
    await messagePageStatement(db, shape, {
      viewer: viewerId,
      uuid: storedUuidOf(uuid),
      after: at.after ?? 0,
      before: at.before ?? 0,
      limit: at.limit,
    }),
  );
  if (found.length === 0) throw notFound();
  const rows: MessageRow[] = [];
  for (const raw of found) {
    const row = maybeRowFromColumns(messages, raw, '');
    if (row) rows.push(row);
  }
  const page = rows.slice(0, at.limit);
  if (shape !== 'after') page.reverse();
  return { rows: page, hasMore: rows.length > at.limit };
}
